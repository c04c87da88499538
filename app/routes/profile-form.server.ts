import type { RouterContextProvider } from "react-router";
import type { UserActor } from "#core/actor.ts";
import { updateProfile } from "#server/accounts/profile.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { text } from "../.server/forms.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";

/**
 * Saves the profile from either of its forms (the inline edit on /profile, or /profileform with a
 * picture), then back to /profile with the spec's message; a refusal keeps the form with its reason.
 */
export async function saveProfileForm(context: Readonly<RouterContextProvider>, actor: UserActor, form: FormData) {
  const { db, storage } = appServices(context);
  try {
    const picture = form.get("picture");
    const photo = picture instanceof File && picture.size > 0 ? Buffer.from(await picture.arrayBuffer()) : null;
    const input = {
      name: text(form, "name"),
      email: text(form, "email"),
      phone: text(form, "phone"),
      address: text(form, "address"),
      city: text(form, "city"),
      stateCode: text(form, "stateCode"),
      pincode: text(form, "pincode"),
      currentPassword: String(form.get("currentPassword") ?? ""),
    };
    await updateProfile(db, storage, actor, input, photo);
  } catch (error) {
    return formFailure(error, "Failed to update profile");
  }
  return redirectWithToast(context, "/profile", makeToast("success", "Profile updated successfully!"));
}
