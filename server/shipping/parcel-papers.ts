import { drawShippingLabel, type ShippingLabel } from "./labels.ts";
import { drawPackingSlip, type PackingSlip } from "./packing-slips.ts";
import { finish, newPaper } from "./paper.ts";

/**
 * A batch's parcels as one 4×6 PDF for the thermal printer: each parcel's label, then its packing
 * slip, so that the pages come out of the printer in the order the parcels are packed.
 */
export function renderParcelPapers(parcels: readonly { label: ShippingLabel; slip: PackingSlip }[]): Promise<Buffer> {
  const paper = newPaper(`${parcels.length} ${parcels.length === 1 ? "parcel" : "parcels"}: labels and packing slips`);
  for (const parcel of parcels) {
    drawShippingLabel(paper.doc, parcel.label);
    drawPackingSlip(paper.doc, parcel.slip);
  }
  return finish(paper);
}
