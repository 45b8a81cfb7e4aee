// The article as a document (TipTap): paragraphs, headings h2–h4, lists, quotes, bold, italic and
// links, the elements of document-html.ts. What it gives back is HTML, which the form PATCHes.
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { useEffect, useRef } from "react";
import { useMessages } from "../../i18n/language";
import { documentHtml } from "./document-html";
import { articleMessages } from "./messages";
import { type Block, type ToolbarActions, type ToolbarState, ToolbarView } from "./rich-toolbar";

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
  const state = useEditorState({
    editor,
    selector: ({ editor: current }): ToolbarState => ({
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
  const editLink = () => {
    const current = (editor.getAttributes("link").href as string | undefined) ?? "";
    const answer = window.prompt(t("toolbar.linkPrompt"), current || "https://");
    if (answer === null) return;
    const href = answer.trim();
    if (href === "" || href === "https://") chain().extendMarkRange("link").unsetLink().run();
    else chain().extendMarkRange("link").setLink({ href }).run();
  };
  const actions: ToolbarActions = {
    setBlock: (block) => {
      if (block === "paragraph") chain().setParagraph().run();
      else
        chain()
          .setHeading({ level: Number(block[1]) as 2 | 3 | 4 })
          .run();
    },
    bold: () => chain().toggleBold().run(),
    italic: () => chain().toggleItalic().run(),
    bulletList: () => chain().toggleBulletList().run(),
    orderedList: () => chain().toggleOrderedList().run(),
    blockquote: () => chain().toggleBlockquote().run(),
    link: editLink,
    undo: () => chain().undo().run(),
    redo: () => chain().redo().run(),
  };
  return <ToolbarView state={state} actions={actions} />;
}
