import { data } from "react-router";
import { MAX_REVIEW_PHOTOS } from "#core/reviews.ts";
import { refusalOf } from "#server/http/service-errors.ts";
import { reviewSchema } from "#server/reviews/reviews.schemas.ts";
import { reviewForm, submitReview } from "#server/reviews/reviews.service.ts";
import { MAX_UPLOAD_BYTES } from "#server/storage/shaped-images.ts";
import { formFailure } from "../.server/action-results.ts";
import { idFromPath } from "../.server/address.ts";
import { appServices } from "../.server/context.ts";
import { chosenFile, formFields, readForm } from "../.server/forms.ts";
import { signedInOrLogin } from "../.server/guards.ts";
import { makeToast, redirectWithToast } from "../.server/toasts.ts";
import { ShopImage } from "../components/catalog/shop-image.tsx";
import { FIT_IDS } from "../components/reviews/fit-words.ts";
import { FormError } from "../components/ui/form-error.tsx";
import { Notice } from "../components/ui/notice.tsx";
import { SubmitButton } from "../components/ui/submit-button.tsx";
import { SelectField, TextField } from "../components/ui/text-field.tsx";
import { type MessageId, useT } from "../locales/i18n.ts";
import { Form, Link } from "../locales/link.tsx";
import { privatePageMeta } from "../locales/page-meta.ts";
import { serviceText } from "../locales/service-text.ts";
import type { Route } from "./+types/write-review";

const FORM_LIMIT = MAX_REVIEW_PHOTOS * MAX_UPLOAD_BYTES + 64 * 1024;

function productIdOf(raw: string): number {
  return idFromPath(raw, "This product could not be found.");
}

export async function loader({ params, context, request, url }: Route.LoaderArgs) {
  const actor = signedInOrLogin({ context, request, url });
  try {
    return { form: await reviewForm(appServices(context).db, actor, productIdOf(params.productId)), refusal: null };
  } catch (error) {
    const refusal = refusalOf(error);
    if (refusal?.status !== 403) throw error;
    return data({ form: null, refusal: refusal.message }, { status: 403 });
  }
}

export async function action({ params, context, request, url }: Route.ActionArgs) {
  const actor = signedInOrLogin({ context, request, url });
  const productId = productIdOf(params.productId);
  try {
    const form = await readForm(request, FORM_LIMIT);
    const uploads: Buffer[] = [];
    for (const slot of [0, 1, 2]) {
      const file = chosenFile(form, `photo${slot}`);
      if (file) uploads.push(Buffer.from(await file.arrayBuffer()));
    }
    const { db, storage } = appServices(context);
    const { status } = await submitReview(db, storage, actor, productId, formFields(form, reviewSchema), uploads);
    const message =
      status === "held"
        ? "Thank you. Your review waits for a person to read it before it is published."
        : "Thank you. Your review is published once a moderator has read it, usually within two days.";
    return redirectWithToast(context, `/productinfo/${productId}`, makeToast("success", message));
  } catch (error) {
    return formFailure(error);
  }
}

export const meta = privatePageMeta("write.title", "write.description");

const STATUS_WORDS: Record<string, MessageId> = {
  pending: "write.statusPending",
  held: "write.statusHeld",
  approved: "write.statusApproved",
  rejected: "write.statusRejected",
};

export default function WriteReview({ loaderData, actionData }: Route.ComponentProps) {
  const t = useT();
  if (!loaderData.form) {
    return (
      <div className="mx-auto flex max-w-xl flex-col gap-4 px-4 py-10">
        <h1 className="font-display text-3xl font-semibold">{t("write.title")}</h1>
        <Notice tone="info">{serviceText(t, loaderData.refusal ?? "")}</Notice>
        <Link to="/how-reviews-work" className="underline underline-offset-4">
          {t("reviews.howLink")}
        </Link>
      </div>
    );
  }
  const { product, review } = loaderData.form;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-10">
      <div className="flex items-center gap-4">
        {product.image ? (
          <div className="w-20 shrink-0 overflow-hidden rounded-md">
            <ShopImage
              image={product.image}
              shape="product"
              alt=""
              sizes="80px"
              className="aspect-[4/5] w-20 object-cover"
            />
          </div>
        ) : null}
        <div>
          <h1 className="font-display text-3xl font-semibold">{review ? t("write.edit") : t("write.title")}</h1>
          <p className="text-zinc-700 dark:text-zinc-300">{product.title}</p>
        </div>
      </div>
      {review ? (
        <Notice tone={review.status === "rejected" ? "error" : "info"}>
          {t("write.status", { status: t(STATUS_WORDS[review.status] ?? "write.statusPending") })}
          {review.rejectReason ? t("write.reason", { reason: review.rejectReason }) : ""}
          {review.status === "approved" ? t("write.editAgain") : ""}
        </Notice>
      ) : null}
      <ReviewForm form={loaderData.form} failure={actionData} />
    </div>
  );
}

/** The review's fields, filled in with the review being edited, and the last refusal beside them. */
function ReviewForm({
  form: { sizesBought, review },
  failure,
}: {
  form: NonNullable<Route.ComponentProps["loaderData"]["form"]>;
  failure: Route.ComponentProps["actionData"];
}) {
  const errors = failure?.fieldErrors ?? {};
  const t = useT();
  return (
    <>
      <FormError message={failure?.message} fieldErrors={errors} />
      <Form method="post" encType="multipart/form-data" className="card flex flex-col gap-4 p-5">
        <RatingChoice rating={review?.rating} error={errors.rating} />
        <SelectField
          name="sizeBought"
          label={t("write.size")}
          placeholder={t("write.select")}
          options={sizesBought.map((size) => ({ value: size, label: size }))}
          defaultValue={review?.sizeBought ?? (sizesBought.length === 1 ? sizesBought[0] : "")}
          error={errors.sizeBought}
          required
        />
        <FitChoice fit={review?.fit} error={errors.fit} />
        <TextField
          name="title"
          label={t("write.reviewTitle")}
          maxLength={120}
          defaultValue={review?.title}
          error={errors.title}
          required
        />
        <TextField
          name="body"
          label={t("write.body")}
          rows={6}
          maxLength={4000}
          defaultValue={review?.body}
          error={errors.body}
          hint={t("write.bodyHint")}
          required
        />
        <PhotoFields kept={review?.photos ?? []} error={errors.photos} />
        <HowReviewsAreShown />
        <SubmitButton
          label={review ? t("write.sendEdited") : t("write.send")}
          pendingLabel={t("write.sending")}
          className="btn-primary self-start"
        />
      </Form>
    </>
  );
}

function RatingChoice({ rating, error }: { rating: number | undefined; error: string | undefined }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="label">{t("write.rating")}</legend>
      <div className="flex flex-wrap gap-3">
        {[5, 4, 3, 2, 1].map((stars) => (
          <label key={stars} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="rating" value={stars} defaultChecked={rating === stars} required />
            {stars === 1 ? t("reviews.star") : t("reviews.stars", { count: stars })}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{serviceText(t, error)}</p> : null}
    </fieldset>
  );
}

function FitChoice({ fit: chosen, error }: { fit: string | undefined; error: string | undefined }) {
  const t = useT();
  return (
    <fieldset>
      <legend className="label">{t("write.howFit")}</legend>
      <div className="flex flex-wrap gap-3">
        {(["small", "true", "large"] as const).map((fit) => (
          <label key={fit} className="flex items-center gap-1.5 text-sm">
            <input type="radio" name="fit" value={fit} defaultChecked={chosen === fit} required />
            {t(FIT_IDS[fit])}
          </label>
        ))}
      </div>
      {error ? <p className="mt-1 text-sm text-red-700 dark:text-red-300">{serviceText(t, error)}</p> : null}
    </fieldset>
  );
}

function PhotoFields({ kept, error }: { kept: string[]; error: string | undefined }) {
  const t = useT();
  return (
    <>
      {kept.length > 0 ? (
        <fieldset>
          <legend className="label">{t("write.kept")}</legend>
          <div className="flex gap-3">
            {kept.map((photo, index) => (
              <label key={photo} className="flex flex-col items-center gap-1 text-sm">
                <ShopImage
                  image={photo}
                  shape="product"
                  alt={t("write.yourPhoto", { index: index + 1 })}
                  sizes="80px"
                  className="aspect-[4/5] w-20 object-cover"
                />
                <span className="flex items-center gap-1">
                  <input type="checkbox" name="keepPhotos" value={photo} defaultChecked /> {t("write.keep")}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      {/* A fieldset is as wide as its widest content unless told otherwise: on a phone it must shrink. */}
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend className="label">{t("write.photos", { count: MAX_REVIEW_PHOTOS })}</legend>
        {[0, 1, 2].map((slot) => (
          <div key={slot}>
            <label htmlFor={`photo${slot}`} className="sr-only">
              {t("write.photo", { index: slot + 1 })}
            </label>
            <input
              id={`photo${slot}`}
              name={`photo${slot}`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="w-full max-w-full text-sm"
            />
          </div>
        ))}
        {error ? <p className="text-sm text-red-700 dark:text-red-300">{serviceText(t, error)}</p> : null}
        <p className="text-xs text-zinc-600 dark:text-zinc-400">{t("write.photosHint")}</p>
      </fieldset>
    </>
  );
}

/** Where the shop says how reviews are checked and shown. */
function HowReviewsAreShown() {
  const t = useT();
  return (
    <p className="text-sm text-zinc-700 dark:text-zinc-300">
      {t("write.shownAs")}{" "}
      <Link to="/how-reviews-work" className="underline underline-offset-4">
        {t("write.howLink")}
      </Link>
      .
    </p>
  );
}
