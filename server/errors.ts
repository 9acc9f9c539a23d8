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
