/*
 * The journeys' shop stands for a whole town of shoppers, but every browser and every off-screen
 * session reaches it from 127.0.0.1: counted by address, a run's logins and signups together met
 * the flood guard's limit (30 in five minutes) and a journey's login was refused by chance. The
 * shop trusts the loopback proxy (shop-servers.ts), and each browser context and each off-screen
 * session says, in X-Forwarded-For, which shopper's network it comes from: one address apiece, as
 * real shoppers have.
 */

let given = 0;

/** A private address no other page or session of this run has had. */
export function shopperAddress(): string {
  given += 1;
  // The worker's process id keeps two test workers' shoppers apart.
  return `10.${process.pid % 250}.${Math.floor(given / 250) % 250}.${(given % 250) + 1}`;
}
