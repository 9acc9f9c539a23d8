import { z } from "zod";

/** The one error type services throw; the HTTP layer maps `status` and `message` to the response. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Messages per item the request named (a substitution answer's SKUs): the page shows each beside its item. */
    readonly details?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message: string, code = "not_found") => new AppError(404, code, message);
export const badRequest = (message: string, code = "bad_request") => new AppError(400, code, message);

/** The body of every 4xx and 5xx answer (the OpenAPI document's `Error` component is made from it). */
export const errorBodySchema = z
  .object({
    error: z.object({
      code: z
        .string()
        .describe("Stable, machine-readable: clients branch on it (e.g. login_required, csrf)."),
      message: z.string().describe("A sentence for the shopper, in the storefront's words."),
      details: z
        .record(z.string(), z.string())
        .optional()
        .describe("Messages per item the request named (e.g. per SKU of a substitution answer)."),
    }),
  })
  .describe("Every 4xx and 5xx answer of the API.");

export type ErrorBody = z.infer<typeof errorBodySchema>;
