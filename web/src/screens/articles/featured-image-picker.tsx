// The featured image: keep the article's, none, or one of the account's uploads (paged).
import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { ErrorNotice, Loading, Pager } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { uploadsQuery } from "./article-queries";
import { articleMessages } from "./messages";

/** The featured image choice: keep what the article has, none, or an upload's id. */
export const KEEP = "keep";
export const NONE = "none";

export function FeaturedImagePicker({
  current,
  value,
  onChange,
  error,
}: {
  current: string | null;
  value: string;
  onChange(value: string): void;
  error?: ReactNode;
}) {
  const { t } = useMessages(articleMessages);
  const [page, setPage] = useState(1);
  const name = useId();
  const uploads = useQuery(uploadsQuery(page));
  const totalPages = uploads.data ? Math.max(1, Math.ceil(uploads.data.count / uploads.data.perPage)) : 1;
  const errorId = `${name}-error`;
  return (
    <fieldset className={`image-picker${error ? " field-invalid" : ""}`} aria-describedby={error ? errorId : undefined}>
      <legend>{t("edit.featured")}</legend>
      <p className="field-hint">{t("edit.featuredHint")}</p>
      {error ? (
        <p className="field-error" id={errorId}>
          {error}
        </p>
      ) : null}
      <div className="image-choices">
        {current ? (
          <label className="image-choice">
            <span className="image-choice-label">
              <input type="radio" name={name} value={KEEP} checked={value === KEEP} onChange={() => onChange(KEEP)} />
              {t("edit.featuredKeep")}
            </span>
            <img src={current} alt="" loading="lazy" />
          </label>
        ) : null}
        <label className="image-choice">
          <span className="image-choice-label">
            <input type="radio" name={name} value={NONE} checked={value === NONE} onChange={() => onChange(NONE)} />
            {t("edit.featuredNone")}
          </span>
        </label>
        {(uploads.data?.uploads ?? []).map((upload) => (
          <label className="image-choice" key={upload.id}>
            <span className="image-choice-label">
              <input type="radio" name={name} value={upload.id} checked={value === upload.id} onChange={() => onChange(upload.id)} />
              <span className="image-choice-name">{upload.originalName ?? upload.fileName}</span>
            </span>
            <img src={upload.url} alt="" loading="lazy" width={upload.width || undefined} height={upload.height || undefined} />
          </label>
        ))}
      </div>
      {uploads.isPending ? <Loading /> : null}
      <ErrorNotice error={uploads.error} onRetry={() => void uploads.refetch()} />
      {uploads.data && uploads.data.count === 0 ? (
        <p className="muted">
          {t("edit.featuredNoUploads")} <Link href="/media">{t("edit.featuredUploadLink")}</Link>
        </p>
      ) : null}
      {uploads.data ? <Pager page={page} totalPages={totalPages} total={uploads.data.count} onPage={setPage} /> : null}
    </fieldset>
  );
}
