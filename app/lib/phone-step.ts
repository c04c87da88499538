/** What a page proving a mobile number shows after a step: the form of the next (or the same, refused) step. */
export type PhoneStep =
  | { step: "number"; phone?: string; message?: string; fieldErrors?: Record<string, string> }
  | {
      step: "code";
      challengeId: string;
      notice?: string;
      message?: string;
      fieldErrors?: Record<string, string>;
    }
  | { step: "name"; challengeId: string; message?: string; fieldErrors?: Record<string, string> };
