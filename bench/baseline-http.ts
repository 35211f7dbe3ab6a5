/**
 * The HTTP baseline: a bare Fastify route with no auth, no database and no plugins, answering a
 * small JSON body. Run by bench/http.ts as a separate process like the real server.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/health', async () => ({ status: 'ok' }));
app.get('/api/bare', async () => ({ id: '00000000-0000-4000-8000-000000000000', status: 'ok' }));

process.once('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});

await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
