import { indiaDay } from "#core/dates.ts";

/*
 * Which consignments need an e-way bill (CGST Rule 138; decision records 22 and 34). Goods leaving
 * the state move with one when the consignment is worth more than ₹50,000 (Rule 138(1)). A movement
 * that begins and ends in one state follows that state's own limit: each state's Commissioner
 * notifies, under clause (d) of sub-rule (14) of rule 138 of its GST Rules, the value up to which no
 * e-way bill is needed within the state. The table below is data, dated, with the source of each
 * row; a state not in it, or whose notification could not be confirmed, uses ₹50,000, the limit of
 * Rule 138(1) (the safe side: a bill generated when none was needed costs a minute, a missing one a
 * penalty under s. 129). Record 34 lists the states left at the default and why.
 */

/** Rule 138(1): the consignment value above which goods move only with an e-way bill. Paise. */
export const EWAY_BILL_THRESHOLD_PAISE = 50_000_00;

export type IntraStateLimit = {
  /** The GST state code. */
  stateCode: string;
  /** The first day (India time, "YYYY-MM-DD") the limit applies, and the first it no longer does. */
  from: string;
  until?: string;
  /** No e-way bill is needed within the state up to this consignment value (paise). */
  upToPaise: number;
  source: string;
};

export const INTRA_STATE_LIMITS: readonly IntraStateLimit[] = [
  {
    stateCode: "27",
    from: "2018-07-01",
    upToPaise: 1_00_000_00,
    source:
      "Maharashtra: Notification 15E/2018-State Tax of 29 June 2018 (rule 138(14)(d) of the MGST Rules), in force 1 July 2018: any goods, not exceeding ₹1 lakh",
  },
  {
    stateCode: "07",
    from: "2018-06-16",
    upToPaise: 1_00_000_00,
    source:
      "Delhi: Notification No. 03 of 15 June 2018 (Delhi GST Rules, rule 138(14)(d)), in force 16 June 2018: e-way bill within Delhi above ₹1 lakh",
  },
  {
    stateCode: "33",
    from: "2018-06-02",
    upToPaise: 1_00_000_00,
    source:
      "Tamil Nadu: Commercial Taxes notification of 31 May 2018 (rule 138(14)(d) of the TNGST Rules), in force 2 June 2018: all taxable goods, ₹1 lakh",
  },
  {
    stateCode: "10",
    from: "2018-04-20",
    until: "2019-01-21",
    upToPaise: 2_00_000_00,
    source: "Bihar: Notification S.O. 180 of 19 April 2018 (Bihar GST Rules, rule 138(14)(d)): ₹2 lakh",
  },
  {
    stateCode: "10",
    from: "2019-01-21",
    upToPaise: 1_00_000_00,
    source: "Bihar: Notification S.O. 14 of 14 January 2019, in force 21 January 2019: ₹1 lakh",
  },
];

/** The value up to which goods moving within `stateCode` on that day need no e-way bill. Paise. */
export function intraStateLimitPaise(stateCode: string, onDate: number): number {
  const day = indiaDay(onDate);
  const row = INTRA_STATE_LIMITS.find(
    (limit) => limit.stateCode === stateCode && limit.from <= day && (limit.until === undefined || day < limit.until),
  );
  return row?.upToPaise ?? EWAY_BILL_THRESHOLD_PAISE;
}
