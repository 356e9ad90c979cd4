// Reading request bodies: media type, JSON with the error position, form data and query strings.
import type { IncomingHttpHeaders } from 'node:http';

export function mediaType(headers: IncomingHttpHeaders): string {
  return (headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
}

export function isJsonType(type: string): boolean {
  return type === 'application/json' || type.endsWith('+json');
}

export type JsonParse = { ok: true; value: unknown } | { ok: false; position: number; error: string };

export function parseJson(body: Buffer): JsonParse {
  const text = body.toString('utf8');
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    const message = (err as Error).message;
    const m = /position (\d+)/.exec(message);
    return { ok: false, position: m ? Number(m[1]) : text.length, error: message };
  }
}

/** Form data (urlencoded or multipart) as ordered key/value pairs; files are ignored. */
export async function parseForm(body: Buffer, contentType: string): Promise<[string, string][]> {
  if (contentType.split(';')[0]!.trim().toLowerCase() === 'application/x-www-form-urlencoded') {
    return [...new URLSearchParams(body.toString('utf8'))];
  }
  const form = await new Request('http://sim.invalid/', {
    method: 'POST',
    headers: { 'content-type': contentType },
    body: new Uint8Array(body),
  }).formData();
  const pairs: [string, string][] = [];
  form.forEach((value, key) => {
    if (typeof value === 'string') pairs.push([key, value]);
  });
  return pairs;
}
