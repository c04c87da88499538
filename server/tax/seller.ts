/** Who signs the seller's tax invoices and credit notes (CGST Rule 46(q)), as printed under them. */
export type Signatory = { name: string; designation: string };

/** The registered seller as printed on its invoices. */
export type SellerDetails = {
  legalName: string;
  address: string;
  gstin: string;
  stateCode: string;
  stateName: string;
  signatory: Signatory;
};

/** The seller as kept with an order: orders placed before the shop named a signatory have none. */
export type StoredSeller = Omit<SellerDetails, "signatory"> & { signatory?: Signatory };

/** The signatory a shop prints until SHOP_SIGNATORY is set: an example, not a real person. */
export const DEMO_SIGNATORY: Signatory = { name: "Meera Kulkarni", designation: "Director" };

/**
 * The seller a shop prints until SHOP_LEGAL_NAME, SHOP_ADDRESS and SHOP_GSTIN are set: a made-up
 * company registered in Maharashtra (its GSTIN's check character fits, but no such registration
 * exists).
 */
export const DEMO_SELLER: SellerDetails = {
  legalName: "Kesar Fashion Private Limited",
  address: "Shop 4, Sea Breeze Arcade, 27 Hill Road, Bandra West, Mumbai 400050",
  gstin: "27AAKCK4521R1ZX",
  stateCode: "27",
  stateName: "Maharashtra",
  signatory: DEMO_SIGNATORY,
};

/**
 * Whether documents of this seller are specimens: the made-up demo registration, printed while
 * SHOP_GSTIN is not set. Such a document must never reach a real buyer as a tax invoice, so every
 * one says so (record 34). Decided from the seller kept with each order, so an order placed before
 * the shop set its GSTIN stays a specimen.
 */
export function isSpecimenSeller(seller: Pick<SellerDetails, "gstin">): boolean {
  return seller.gstin === DEMO_SELLER.gstin;
}
