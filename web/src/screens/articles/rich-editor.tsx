// The article as a document (TipTap): paragraphs, headings h2–h4, lists, quotes, bold, italic and
// links, the elements of document-html.ts. What it gives back is HTML, which the form PATCHes.
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useId, useRef } from "react";
import { useMessages } from "../../i18n/language";
import { documentHtml } from "./document-html";
import { articleMessages } from "./messages";

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    code: false,
    codeBlock: false,
    horizontalRule: false,
    strike: false,
    underline: false,
    // An empty paragraph after a last heading or list would be written into the article.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: false,
      // Links keep the rel and target they have (a cited source's `nofollow noopener`); none are added.
      HTMLAttributes: { target: null, rel: null, class: null },
    },
  }),
];

type Block = "paragraph" | "h2" | "h3" | "h4";

export function RichEditor({
  html,
  language,
  label,
  describedBy,
  onChange,
}: {
  html: string;
  language: string;
  label: string;
  describedBy?: string;
  onChange(html: string): void;
}) {
  // The HTML this editor last gave out: a different `html` prop (a save, the HTML view) is loaded anew.
  const emitted = useRef(html);
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const editor = useEditor({
    extensions: EXTENSIONS,
    // The panel's policy allows no inline <style>: ProseMirror's few rules are in article.css.
    injectCSS: false,
    content: html,
    editorProps: {
      attributes: {
        class: "rich-document",
        role: "textbox",
        "aria-multiline": "true",
        "aria-label": label,
        ...(describedBy ? { "aria-describedby": describedBy } : {}),
        lang: language,
      },
    },
    onUpdate: ({ editor: changed }) => {
      const next = documentHtml(changed.getHTML());
      emitted.current = next;
      onChangeRef.current(next);
    },
  });
  useEffect(() => {
    if (html === emitted.current) return;
    emitted.current = html;
    editor.commands.setContent(html, { emitUpdate: false });
  }, [html, editor]);
  return (
    <div className="rich-editor">
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const { t } = useMessages(articleMessages);
  const blockId = useId();
  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      block: (["h2", "h3", "h4"] as const).find((tag) => current.isActive("heading", { level: Number(tag[1]) })) ?? ("paragraph" as Block),
      bold: current.isActive("bold"),
      italic: current.isActive("italic"),
      bulletList: current.isActive("bulletList"),
      orderedList: current.isActive("orderedList"),
      blockquote: current.isActive("blockquote"),
      link: current.isActive("link"),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  const setBlock = (block: Block) => {
    if (block === "paragraph") chain().setParagraph().run();
    else
      chain()
        .setHeading({ level: Number(block[1]) as 2 | 3 | 4 })
        .run();
  };
  const editLink = () => {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt(t("toolbar.linkPrompt"), current || "https://");
    if (answer === null) return;
    const href = answer.trim();
    if (href === "" || href === "https://") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href }).run();
  };
  const toggle = (pressed: boolean, label: string, run: () => void) => (
    <button type="button" className="secondary" aria-pressed={pressed} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="rich-toolbar" role="toolbar" aria-label={t("toolbar.label")}>
      <label className="visually-hidden" htmlFor={blockId}>
        {t("toolbar.block")}
      </label>
      <select id={blockId} value={state.block} onChange={(event) => setBlock(event.target.value as Block)}>
        <option value="paragraph">{t("toolbar.paragraph")}</option>
        <option value="h2">{t("toolbar.h2")}</option>
        <option value="h3">{t("toolbar.h3")}</option>
        <option value="h4">{t("toolbar.h4")}</option>
      </select>
      {toggle(state.bold, t("toolbar.bold"), () => chain().toggleBold().run())}
      {toggle(state.italic, t("toolbar.italic"), () => chain().toggleItalic().run())}
      {toggle(state.bulletList, t("toolbar.bulletList"), () => chain().toggleBulletList().run())}
      {toggle(state.orderedList, t("toolbar.orderedList"), () => chain().toggleOrderedList().run())}
      {toggle(state.blockquote, t("toolbar.quote"), () => chain().toggleBlockquote().run())}
      {toggle(state.link, t("toolbar.link"), editLink)}
      <button type="button" className="secondary" disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        {t("toolbar.undo")}
      </button>
      <button type="button" className="secondary" disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        {t("toolbar.redo")}
      </button>
    </div>
  );
}
