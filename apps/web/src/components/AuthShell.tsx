import type { ReactNode } from 'react';
import { Logo } from './Logo.js';

/** The centred column of the /auth screens. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center gap-8 px-5 py-10">
      <header className="flex flex-col items-center gap-4 text-center">
        <Logo size="lg" />
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">{title}</h1>
        {subtitle && <p className="text-base text-slate-600">{subtitle}</p>}
      </header>
      {children}
    </main>
  );
}
