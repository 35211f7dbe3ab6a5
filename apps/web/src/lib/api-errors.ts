import { TEXTS, fillEnglish, isErrorCode, type ErrorCode } from '@couple/protocol/browser';

/** A text as its catalog id and values: shown translated, while logs keep the English. */
export interface TextRef {
  id: string;
  values?: Record<string, string>;
}

type Translate = (id: string, values?: Record<string, string>) => string;

/*
 * The active language's translator, handed over by lib/i18n.ts once Lingui is loaded: this module
 * imports neither, since the service worker reaches it through the outbox (no React, no DOM) and
 * the first load must not carry Lingui. Until then a text is its English id.
 */
let translateText: Translate = (id) => id;
export function translateErrorsWith(translate: Translate): void {
  translateText = translate;
}

export class ApiError extends Error {
  /** The message as a catalog id: the server's texts are ids, this module's own carry values. */
  readonly text: TextRef;

  constructor(
    readonly status: number,
    message: string,
    /** The server's machine code; the web app decides by it, never by the text. */
    readonly code: ErrorCode | null = null,
    text?: TextRef,
  ) {
    super(message);
    this.name = 'ApiError';
    this.text = text ?? { id: message };
  }
}

/** A response body as JSON, or the reason it is not: the one parse both readers share. */
function parseBody(rawBody: string): { json: true; body: unknown } | { json: false } {
  try {
    return { json: true, body: JSON.parse(rawBody) as unknown };
  } catch {
    return { json: false };
  }
}

function field(body: unknown, name: string): unknown {
  return typeof body === 'object' && body !== null && name in body
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

function textOf(status: number, parsed: ReturnType<typeof parseBody>): TextRef {
  if (!parsed.json) {
    return { id: TEXTS.requestFailedWithStatus, values: { status: String(status) } };
  }
  const error = field(parsed.body, 'error');
  return { id: typeof error === 'string' && error.trim() !== '' ? error : TEXTS.requestFailed };
}

/** The English of a text: the one place values are filled in without the catalog (logs). */
function englishOf({ id, values = {} }: TextRef): string {
  return fillEnglish(id, values);
}

/** The ApiError of a failed response: its text as apiErrorText says, and its code if any. */
export function apiErrorOf(status: number, rawBody: string): ApiError {
  const parsed = parseBody(rawBody);
  const code = parsed.json ? field(parsed.body, 'code') : undefined;
  const text = textOf(status, parsed);
  return new ApiError(status, englishOf(text), isErrorCode(code) ? code : null, text);
}

/**
 * SPEC §8: the body's error text, else 'Request failed' (a JSON body without one), else
 * 'Request failed with status {n}' (no JSON at all).
 */
export function apiErrorText(status: number, rawBody: string): string {
  return englishOf(textOf(status, parseBody(rawBody)));
}

/**
 * The text to show a person for any failure, in the active language: the server's text (its
 * English is a catalog id), else `fallback`, a catalog id too (the TEXTS constant, untranslated).
 */
export function failureText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return translateText(fallback);
  return translateText(error.text.id, error.text.values);
}
