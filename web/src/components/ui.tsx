// The panel's small shared pieces: fields with their errors, error notices, pager, page title.
import {
  useEffect,
  useId,
  useState,
  type ReactNode,
  type InputHTMLAttributes,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from "react";
import { ApiError } from "../api/client";
import { common } from "../i18n/common";
import { type ErrorCode, errorMessages, type IssueCode } from "../i18n/errors";
import type { Language } from "../i18n/format";
import { lookup, useLanguage, useMessages } from "../i18n/language";
import { recordMiss } from "../i18n/misses";

/** The page's heading and the document title. */
export function PageTitle({ children, title }: { children: ReactNode; title: string }) {
  const { t } = useMessages(common);
  useEffect(() => {
    document.title = `${title} · ${t("app.name")}`;
  }, [title, t]);
  return <h1 id="page-title">{children}</h1>;
}

/**
 * What went wrong, in the owner's language: by the API's `code` (docs/errors.md), a 429's wait, or a
 * lost connection; never the API's English message. A code the panel has no words for is a recorded
 * catalogue miss, shown as a sentence about its status.
 */
export function translateError(error: unknown, language: Language): string {
  const say = (key: keyof typeof errorMessages.en, params?: Record<string, string | number>) =>
    lookup(errorMessages, language, key, params);
  if (!(error instanceof ApiError)) return say("status.generic", { status: "?" });
  if (error.status === 0) return say("network");
  if (error.status === 429) return error.retryAfter ? say("rateLimited", { seconds: error.retryAfter }) : say("rateLimitedSoon");
  return translateCode(error.code, language, error.status);
}

/** The sentence for an error code the API gave in a record (a failed item's `failureCode`). */
export function translateCode(code: string, language: Language, status: number | string = "?"): string {
  const key = `code.${code}` as keyof typeof errorMessages.en;
  if (key in errorMessages[language]) return lookup(errorMessages, language, key);
  // "unknown": an answer without our error body (a proxy's page), not a code the panel lacks words for.
  if (code !== "unknown") recordMiss("errors", key, language);
  return lookup(errorMessages, language, "status.generic", { status });
}

/** `translateError` in the chosen language. */
export function useErrorText(): (error: unknown) => string {
  const { language } = useLanguage();
  return (error) => translateError(error, language);
}

/** `translateCode` in the chosen language. */
export function useCodeText(): (code: string) => string {
  const { language } = useLanguage();
  return (code) => translateCode(code, language);
}

export function ErrorNotice({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useMessages(common);
  const errorText = useErrorText();
  if (!error) return null;
  const fieldsOnly = error instanceof ApiError && error.issues.length > 0;
  return (
    <div className="notice notice-error" role="alert">
      <span>{errorText(error)}</span>
      {fieldsOnly ? <span> {t("error.fieldsBelow")}</span> : null}
      {onRetry ? (
        <button type="button" className="link-button" onClick={onRetry}>
          {t("action.retry")}
        </button>
      ) : null}
    </div>
  );
}

export function Notice({ children, tone = "info" }: { children: ReactNode; tone?: "info" | "success" | "warning" }) {
  return (
    <div className={`notice notice-${tone}`} role="status">
      {children}
    </div>
  );
}

export function Loading() {
  const { t } = useMessages(common);
  return (
    <p className="muted" role="status">
      {t("state.loading")}
    </p>
  );
}

/**
 * The API's word on one field, to show next to it: its issue (placed by `path`, phrased by the
 * issue's code), or, for an answer without issues whose `code` is one of `codes` (a refused
 * address, rejected credentials), that code's sentence.
 */
export function fieldError(error: unknown, path: string, codes: readonly ErrorCode[] = []): ReactNode | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const issue = error.issueFor(path);
  if (issue) return <IssueText code={issue.code as IssueCode} minimum={issue.minimum} maximum={issue.maximum} />;
  if (error.issues.length === 0 && (codes as readonly string[]).includes(error.code)) return <ErrorText error={error} />;
  return undefined;
}

function IssueText({ code, minimum, maximum }: { code: IssueCode; minimum?: number; maximum?: number }) {
  const { language, locale } = useLanguage();
  const number = (value?: number) => (value === undefined ? "?" : new Intl.NumberFormat(locale).format(value));
  return <>{lookup(errorMessages, language, `issue.${code}`, { minimum: number(minimum), maximum: number(maximum) })}</>;
}

function ErrorText({ error }: { error: unknown }) {
  return <>{useErrorText()(error)}</>;
}

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: ReactNode;
  /** Shown after the label, e.g. a live counter. */
  aside?: ReactNode;
}

function FieldFrame({ id, label, hint, error, aside, children }: FieldProps & { id: string; children: ReactNode }) {
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <div className="field-label">
        <label htmlFor={id}>{label}</label>
        {aside}
      </div>
      {children}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A field's hint and the API's error about it, below the control (their ids are in its aria-describedby). */
function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: ReactNode }) {
  return (
    <>
      {hint ? (
        <div className="field-hint" id={`${id}-hint`}>
          {hint}
        </div>
      ) : null}
      {error ? (
        <div className="field-error" id={`${id}-error`}>
          {error}
        </div>
      ) : null}
    </>
  );
}

function describedBy(id: string, props: FieldProps): string | undefined {
  return [props.hint ? `${id}-hint` : "", props.error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

export function TextField({ label, hint, error, aside, ...input }: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, hint, error })} {...input} />
    </FieldFrame>
  );
}

export function TextArea({ label, hint, error, aside, ...input }: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <textarea id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, hint, error })} {...input} />
    </FieldFrame>
  );
}

export function SelectField({ label, hint, error, aside, children, ...input }: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} aside={aside}>
      <select id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, { label, hint, error })} {...input}>
        {children}
      </select>
    </FieldFrame>
  );
}

/** A checkbox with its label beside it, and a hint and the API's error below. */
export function CheckField({
  label,
  hint,
  error,
  ...input
}: Omit<FieldProps, "aside"> & Omit<InputHTMLAttributes<HTMLInputElement>, "type">) {
  const id = useId();
  return (
    <div className={`field${error ? " field-invalid" : ""}`}>
      <div className="check">
        <input
          id={id}
          type="checkbox"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, { label, hint, error })}
          {...input}
        />
        <label htmlFor={id}>{label}</label>
      </div>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** A live "n / min–max" counter for a length-limited field. */
export function LengthCounter({ length, min, max }: { length: number; min?: number; max: number }) {
  const outside = length > max || (min !== undefined && length > 0 && length < min);
  return (
    <span className={`counter${outside ? " counter-outside" : ""}`} aria-live="polite">
      {length} / {min !== undefined ? `${min}–` : ""}
      {max}
    </span>
  );
}

export function Pager({
  page,
  totalPages,
  total,
  onPage,
}: {
  page: number;
  totalPages: number;
  total: number;
  onPage(page: number): void;
}) {
  const { t } = useMessages(common);
  if (totalPages <= 1) return null;
  return (
    <nav className="pager" aria-label={t("pager.label")}>
      <button type="button" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        ← {t("pager.previous")}
      </button>
      <span>{t("pager.status", { page, pages: totalPages, total })}</span>
      <button type="button" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t("pager.next")} →
      </button>
    </nav>
  );
}

export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useMessages(common);
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      className="secondary"
      aria-label={label ? `${t("action.copy")}: ${label}` : undefined}
      onClick={async () => {
        await navigator.clipboard?.writeText(value).catch(() => undefined);
        setCopied(true);
        setTimeout(() => setCopied(false), 1500);
      }}
    >
      {copied ? t("action.copied") : t("action.copy")}
    </button>
  );
}

/** A status as a coloured badge with its word in the owner's language (the word carries the meaning; the API's value only picks the colour). */
export function Badge({ status, label }: { status: string; label: string }) {
  return <span className={`badge badge-${status.toLowerCase()}`}>{label}</span>;
}
