// The building blocks every domain of the contract shares: how a call is declared, the connection mode, and a
// file handed to the renderer to save.
import { z } from 'zod';

/** Inputs are strict: an unknown key is a validation error naming it, never silently ignored. */
export const input = <T extends z.ZodRawShape>(shape: T) => z.strictObject(shape);
export const none = z.strictObject({});

export interface CallSpec<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I;
  output: O;
  /** What the call does, for the reader of this file. */
  doc: string;
}
export const call = <I extends z.ZodType, O extends z.ZodType>(inp: I, output: O, doc: string): CallSpec<I, O> => ({
  input: inp,
  output,
  doc,
});

/** Where gateway calls go: the built-in sandbox or the live gateway. Data is kept apart per mode. */
export const Mode = z.enum(['sandbox', 'live']);
export type Mode = z.infer<typeof Mode>;

/** A file for the renderer to save (a Blob download in both shells): the bytes travel as base64. */
export const FileDownload = z.object({ fileName: z.string(), mimeType: z.string(), base64: z.string(), bytes: z.number() });
export type FileDownload = z.infer<typeof FileDownload>;
