import { data, type RouterContextProvider } from "react-router";
import { phoneCodeForm, phoneNumberForm, phoneResendForm } from "#server/accounts/phone.schemas.ts";
import type { PhoneClient } from "#server/accounts/phone-sign-in.service.ts";
import { resendPhoneCode, startPhoneSignIn, verifyPhoneCode } from "#server/accounts/phone-sign-in.service.ts";
import { shopCookies } from "#server/http/cookies.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import { randomId } from "#server/ids.ts";
import { languageOfLocale } from "#server/messaging/message-templates.ts";
import type { PhoneStep } from "../lib/phone-step.ts";
import { appServices, cookieSecurity, requestInfo } from "./context.ts";
import { formFields } from "./forms.ts";
import { localeOf } from "./locale.ts";
import { actorOf } from "./session.ts";

/*
 * The steps a mobile number is proved by, shared by "Sign in with mobile number" (/login/mobile) and
 * the profile's number (/profile/mobile): the number, then the code sent to it. Each step's answer
 * says which form the page shows next; plain form posts, so they work before JavaScript loads.
 */

/**
 * The browser that proves a number: its address, and its mark, the guest cookie (given now to a
 * browser without one), which the sign-in is bound to: its code works in this browser only.
 */
export async function phoneClient(
  context: Readonly<RouterContextProvider>,
): Promise<{ client: PhoneClient; headers: Headers }> {
  const actor = actorOf(context);
  const headers = new Headers();
  let guestId = actor.kind === "system" ? null : actor.guestId;
  if (!guestId) {
    guestId = randomId(24);
    const cookies = shopCookies(appServices(context).config.sessionSecret);
    headers.append("Set-Cookie", await cookies.guest.serialize(guestId, cookieSecurity(context)));
  }
  return { client: { ip: requestInfo(context).ip, browser: guestId }, headers };
}

/** A refused step: its form again, with the refusal, at the refusal's status. */
export function refusedStep(error: unknown, step: PhoneStep, headers?: Headers) {
  const refusal = refusalOf(error);
  if (!refusal) throw error;
  const answer: PhoneStep = { ...step, message: refusal.message, fieldErrors: refusal.fieldErrors };
  return data(answer, { status: refusal.status, headers });
}

/** The number typed: a code is sent to it (the same answer whether or not it has an account). */
export async function sendCode(context: Readonly<RouterContextProvider>, request: Request, form: FormData) {
  const { phone } = formFields(form, phoneNumberForm);
  const { client, headers } = await phoneClient(context);
  const language = languageOfLocale(localeOf(request));
  try {
    const sent = await startPhoneSignIn(appServices(context).db, { phone, language }, client);
    const answer: PhoneStep = { step: "code", challengeId: sent.challengeId, notice: sent.message };
    return data(answer, { headers });
  } catch (error) {
    return refusedStep(error, { step: "number", phone }, headers);
  }
}

/** "Send the code again". */
export async function resendCode(context: Readonly<RouterContextProvider>, request: Request, form: FormData) {
  const { challengeId } = formFields(form, phoneResendForm);
  const { client, headers } = await phoneClient(context);
  const language = languageOfLocale(localeOf(request));
  try {
    const sent = await resendPhoneCode(appServices(context).db, { challengeId, language }, client);
    return data({ step: "code", challengeId, notice: sent.message } satisfies PhoneStep, { headers });
  } catch (error) {
    return refusedStep(error, { step: "code", challengeId }, headers);
  }
}

/** The code typed: the number is verified, or the code form comes back with why not. */
export async function checkCode(
  context: Readonly<RouterContextProvider>,
  form: FormData,
): Promise<{ verified: string; client: PhoneClient } | { refused: ReturnType<typeof refusedStep> }> {
  const { challengeId, code } = formFields(form, phoneCodeForm);
  const { client, headers } = await phoneClient(context);
  const { db, config } = appServices(context);
  try {
    await verifyPhoneCode(db, config, { challengeId, code }, client);
    return { verified: challengeId, client };
  } catch (error) {
    return { refused: refusedStep(error, { step: "code", challengeId }, headers) };
  }
}
