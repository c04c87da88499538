import type { RouterContextProvider } from "react-router";
import type { UserActor } from "#core/actor.ts";
import { profileSchema } from "#server/accounts/accounts.schemas.ts";
import { updateProfile } from "#server/accounts/profile.service.ts";
import { formFailure } from "../.server/action-results.ts";
import { appServices } from "../.server/context.ts";
import { chosenFile, formFields } from "../.server/forms.ts";
import { sessionTokenOf } from "../.server/session.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";

/**
 * Saves the profile from either of its forms (the inline edit on /profile, or /profileform with a
 * picture), then back to /profile with the spec's message; a refusal keeps the form with its reason.
 */
export async function saveProfileForm(context: Readonly<RouterContextProvider>, actor: UserActor, form: FormData) {
  const { db, storage } = appServices(context);
  try {
    const picture = chosenFile(form, "picture");
    const photo = picture ? Buffer.from(await picture.arrayBuffer()) : null;
    // An account made by phone adds its first e-mail on a recent sign-in: its session says when.
    const session = { token: sessionTokenOf(context) };
    await updateProfile(db, storage, actor, formFields(form, profileSchema), photo, session);
  } catch (error) {
    return formFailure(error, "Failed to update profile");
  }
  return redirectWithToast(context, "/profile", makeToast("success", "Profile updated successfully!"));
}
