// The article's text: edited as a document (rich-editor.tsx) or, one click away, as HTML with a
// preview of what is kept beside it. Either way the form holds, and saves, HTML.
import { lazy, Suspense, useDeferredValue, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { Notice, TextArea } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { previewDocument } from "../../lib/preview";
import { DocumentCopy } from "./document-copy";
import { elementsOutsideDocument } from "./document-html";
import { useEditorWake } from "./editor-wake";
import { articleMessages } from "./messages";

// The document editor (TipTap and ProseMirror) is most of the screen's code, and mounting it on a
// long article is one long task: the text shows as a still copy until the editor is wanted
// (editor-wake.ts), then the editor loads and takes its place.
const RichEditor = lazy(() => import("./rich-editor").then((module) => ({ default: module.RichEditor })));

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
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const [wanted, wake] = useEditorWake(fieldset);
  const copy = <DocumentCopy html={html} language={language} onWake={wake} />;
  return (
    <fieldset ref={fieldset} className={`body-editor${error ? " field-invalid" : ""}`} onFocus={wake}>
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
          {wanted ? (
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
