import { type ChangeEvent, useEffect } from "react";
import { isPincode } from "#core/delivery-address.ts";

/**
 * On an address form, a complete pincode fills in the state and, when it is still empty, the city
 * (the pincode's district), from the shop's pincode directory. The shopper may change the city (a
 * suburb has its own name); a state that disagrees with a listed pincode is refused by the server.
 */
export function fillFromPincode(event: ChangeEvent<HTMLInputElement>): void {
  fillFromPincodeInput(event.currentTarget);
}

function fillFromPincodeInput(input: HTMLInputElement): void {
  const pincode = input.value.trim();
  const form = input.form;
  if (!form || !isPincode(pincode)) return;
  fetch(`/pincode/${pincode}`, { headers: { Accept: "application/json" } })
    .then((response) => (response.ok ? (response.json() as Promise<{ city: string; stateCode: string }>) : null))
    .then((place) => {
      // The shopper may have typed on since the question was asked.
      if (!place || input.value.trim() !== pincode) return;
      const city = form.elements.namedItem("city");
      if (city instanceof HTMLInputElement && !city.value.trim()) city.value = place.city;
      const state = form.elements.namedItem("stateCode");
      if (state instanceof HTMLSelectElement) state.value = place.stateCode;
    })
    // Offline or refused: the shopper fills in the city and state as before.
    .catch(() => {});
}

/**
 * On a slow phone the form is on screen before the page's scripts run, and a pincode typed then
 * raises no change that React hears. Once the page is live, a pincode that differs from the one the
 * form was drawn with is answered as if it had just been typed.
 */
export function usePincodeTypedEarly(drawnWith: string, onPincode?: (pincode: string) => void): void {
  // Once, on the page going live: later typing reaches the field's own change handler.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on the page going live
  useEffect(() => {
    const input = document.getElementById("field-pincode");
    if (!(input instanceof HTMLInputElement) || input.value.trim() === drawnWith.trim()) return;
    onPincode?.(input.value.trim());
    fillFromPincodeInput(input);
  }, []);
}
