import { z } from "zod";

/** The one error type services throw; the HTTP layer maps `status` and `message` to the response. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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
    }),
  })
  .describe("Every 4xx and 5xx answer of the API.");

export type ErrorBody = z.infer<typeof errorBodySchema>;
