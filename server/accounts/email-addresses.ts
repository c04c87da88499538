import { AppError } from "../errors.ts";

/** One account per address whatever its letter case: accounts are found by the lowercased address. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

export function emailInUse(): AppError {
  const message = "An account with this e-mail already exists. Please log in instead.";
  return new AppError("email-already-in-use", message, { email: message });
}
