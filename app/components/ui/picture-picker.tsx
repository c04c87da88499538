import { useEffect, useState } from "react";
import { useT } from "../../locales/i18n.ts";

type PicturePickerProps = {
  id: string;
  name: string;
  /** The field's name for screen readers and tests ("Main image file"). */
  label: string;
  /** A visible title above the button, when nothing else names the field. */
  heading?: string;
  hint?: string;
  /** What the picker shows before a file is chosen (the current picture), if anything. */
  current?: React.ReactNode;
};

/**
 * A file input that looks like the shop's buttons, with a preview of the chosen picture. The input
 * itself stays in the form (hidden from sight, not from the keyboard or screen readers), so the
 * form posts the file before JavaScript loads; the preview comes once it has.
 */
export function PicturePicker({ id, name, label, heading, hint, current }: PicturePickerProps) {
  const t = useT();
  const [chosen, setChosen] = useState<{ url: string; name: string } | null>(null);
  useEffect(() => () => (chosen ? URL.revokeObjectURL(chosen.url) : undefined), [chosen]);
  return (
    <div className="flex items-center gap-4">
      {chosen ? (
        <img
          src={chosen.url}
          alt={t("picture.preview", { name: chosen.name })}
          className="size-20 rounded-md object-cover"
        />
      ) : (
        current
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        {heading ? <span className="label">{heading}</span> : null}
        <input
          id={id}
          name={name}
          type="file"
          accept="image/jpeg,image/png,image/webp"
          aria-label={label}
          className="peer sr-only"
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setChosen(file ? { url: URL.createObjectURL(file), name: file.name } : null);
          }}
        />
        <label
          htmlFor={id}
          className="btn-outline w-fit cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-gold-600 dark:peer-focus-visible:outline-gold-400"
        >
          {chosen ? t("picture.chooseAnother") : t("picture.choose")}
        </label>
        <p className="truncate text-xs text-zinc-600 dark:text-zinc-400" aria-live="polite">
          {chosen ? chosen.name : t("picture.none")}
        </p>
        {hint ? (
          <p id={`${id}-hint`} className="text-xs text-zinc-600 dark:text-zinc-400">
            {hint}
          </p>
        ) : null}
      </div>
    </div>
  );
}
