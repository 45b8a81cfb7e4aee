// The article's text: edited as a document (rich-editor.tsx) or, one click away, as HTML with a
// preview of what is kept beside it. Either way the form holds, and saves, HTML.
import { lazy, Suspense, useDeferredValue, useEffect, useId, useMemo, useState, type ReactNode } from "react";
import { Notice, TextArea } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { previewDocument } from "../../lib/preview";
import { DocumentCopy } from "./document-copy";
import { elementsOutsideDocument } from "./document-html";
import { articleMessages } from "./messages";

// The document editor (TipTap and ProseMirror) is most of the screen's code, and mounting it on a
// long article is one long task: the text shows as a still copy until the page has been painted
// and the browser is idle (or the copy is touched), then the editor loads and takes its place.
const RichEditor = lazy(() => import("./rich-editor").then((module) => ({ default: module.RichEditor })));

/** False until the browser has painted the page and has a moment to spare (or `wake` is called): what is heavy waits for it. */
function usePaintedOnce(): [boolean, () => void] {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    // Safari has no requestIdleCallback: a short timer stands in.
    const idle = typeof window.requestIdleCallback === "function";
    let waiting: number | undefined;
    const frame = requestAnimationFrame(() => {
      waiting = idle ? window.requestIdleCallback(() => setPainted(true), { timeout: 500 }) : window.setTimeout(() => setPainted(true), 50);
    });
    return () => {
      cancelAnimationFrame(frame);
      if (waiting === undefined) return;
      if (idle) window.cancelIdleCallback(waiting);
      else window.clearTimeout(waiting);
    };
  }, []);
  return [painted, () => setPainted(true)];
}

type Mode = "document" | "html";

/** The article's HTML, as either view edits it. */
interface BodyProps {
  html: string;
  language: string;
  onChange(html: string): void;
  error?: ReactNode;
}

export function BodyEditor({ html, language, onChange, error }: BodyProps) {
  const { t } = useMessages(articleMessages);
  const fitsDocument = useMemo(() => elementsOutsideDocument(html).length === 0, [html]);
  const [mode, setMode] = useState<Mode>(() => (fitsDocument ? "document" : "html"));
  const id = useId();
  const shown: Mode = fitsDocument ? mode : "html";
  const [painted, wake] = usePaintedOnce();
  const copy = <DocumentCopy html={html} language={language} onWake={wake} />;
  return (
    <fieldset className={`body-editor${error ? " field-invalid" : ""}`}>
      <legend>{t("body.label")}</legend>
      {/* biome-ignore lint/a11y/useSemanticElements: two toggle buttons, not a form part of their own */}
      <div className="mode-switch" role="group" aria-label={t("body.modeLabel")}>
        <button
          type="button"
          className="secondary"
          aria-pressed={shown === "document"}
          disabled={!fitsDocument}
          onClick={() => setMode("document")}
        >
          {t("body.modeDocument")}
        </button>
        <button type="button" className="secondary" aria-pressed={shown === "html"} onClick={() => setMode("html")}>
          {t("body.modeHtml")}
        </button>
      </div>
      {fitsDocument ? null : <Notice>{t("body.outsideDocument")}</Notice>}
      {shown === "document" ? (
        <>
          <p className="field-hint" id={`${id}-hint`}>
            {t("body.documentHint")}
          </p>
          {error ? (
            <p className="field-error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
          {painted ? (
            <Suspense fallback={copy}>
              <RichEditor
                html={html}
                language={language}
                label={t("body.label")}
                describedBy={error ? `${id}-hint ${id}-error` : `${id}-hint`}
                onChange={onChange}
              />
            </Suspense>
          ) : (
            copy
          )}
        </>
      ) : (
        <HtmlView html={html} language={language} onChange={onChange} error={error} />
      )}
    </fieldset>
  );
}

function HtmlView({ html, language, onChange, error }: BodyProps) {
  const { t } = useMessages(articleMessages);
  // Sanitising a long article on every keystroke would make typing lag: the preview may trail a little.
  const deferredHtml = useDeferredValue(html);
  const previewTitle = t("edit.preview");
  const srcDoc = useMemo(() => previewDocument(deferredHtml, language, previewTitle), [deferredHtml, language, previewTitle]);
  return (
    <div className="html-view">
      <div className="split html-editor">
        <TextArea
          className="mono"
          label={t("edit.html")}
          hint={t("edit.htmlHint")}
          spellCheck={false}
          rows={24}
          value={html}
          onChange={(e) => onChange(e.target.value)}
          error={error}
        />
        <div className="field">
          <div className="field-label">{t("edit.previewHeading")}</div>
          <iframe className="preview" sandbox="" srcDoc={srcDoc} title={previewTitle} />
        </div>
      </div>
    </div>
  );
}
