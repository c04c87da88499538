import { z } from "zod";
import { decimalInteger, idField, requiredText } from "../validation/fields.ts";

export { MAX_REVIEW_PHOTOS } from "#core/reviews.ts";
export const REVIEW_PAGE_SIZE = 10;
export const REVIEW_SORTS = ["helpful", "newest", "lowest"] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];

/** A review as its author writes it (photos come as files beside it). */
export const reviewSchema = z.object({
  rating: decimalInteger("Please choose from 1 to 5 stars.", 1, 5),
  title: requiredText("Please give the review a title.").pipe(
    z.string().max(120, "The title must be at most 120 characters."),
  ),
  body: requiredText("Please write a few words about the piece.").pipe(
    z
      .string()
      .min(10, "Please write at least 10 characters about the piece.")
      .max(4000, "The review must be at most 4,000 characters."),
  ),
  sizeBought: requiredText("Please choose the size you bought."),
  fit: z.enum(["small", "true", "large"], { error: "Please say how the size fitted." }),
  /** Photos already on the review that stay (their refs). */
  keepPhotos: z.array(z.string()).default([]),
});

export type ReviewInput = z.input<typeof reviewSchema>;

export const moderationSchema = z.discriminatedUnion("decision", [
  z.object({ decision: z.literal("approve"), reviewId: idField("Which review?") }),
  z.object({
    decision: z.literal("reject"),
    reviewId: idField("Which review?"),
    reason: requiredText("Please say why the review is rejected: the author reads it.").pipe(
      z.string().max(300, "The reason must be at most 300 characters."),
    ),
  }),
]);

export type { ReviewStatus } from "../db/schema.ts";
