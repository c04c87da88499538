import type { ChangeEvent } from "react";
import { isPincode } from "#core/delivery-address.ts";

/**
 * On an address form, a complete pincode fills in the state and, when it is still empty, the city
 * (the pincode's district), from the shop's pincode directory. The shopper may change the city (a
 * suburb has its own name); a state that disagrees with a listed pincode is refused by the server.
 */
export function fillFromPincode(event: ChangeEvent<HTMLInputElement>): void {
  const input = event.currentTarget;
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
