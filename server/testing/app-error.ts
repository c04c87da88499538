import { AppError } from "../errors.ts";

/** The code and message of the AppError a call fails with; any other outcome fails the test. */
export async function failure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof AppError)) throw new Error(`Expected an AppError, got ${String(error)}`);
  return { code: error.code, message: error.userMessage };
}
