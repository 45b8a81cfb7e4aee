// The document editor's toolbar as it looks: the editor (rich-editor.tsx) gives it its state and
// what each control does; without them it is the still copy shown while the editor loads.
import { useId } from "react";
import { useMessages } from "../../i18n/language";
import { articleMessages } from "./messages";

export type Block = "paragraph" | "h2" | "h3" | "h4";

/** What the toolbar shows pressed or unavailable at the cursor. */
export interface ToolbarState {
  block: Block;
  bold: boolean;
  italic: boolean;
  bulletList: boolean;
  orderedList: boolean;
  blockquote: boolean;
  link: boolean;
  canUndo: boolean;
  canRedo: boolean;
}

export interface ToolbarActions {
  setBlock(block: Block): void;
  bold(): void;
  italic(): void;
  bulletList(): void;
  orderedList(): void;
  blockquote(): void;
  link(): void;
  undo(): void;
  redo(): void;
}

/** The toolbar of a fresh editor with the cursor in a paragraph. */
export const RESTING_TOOLBAR: ToolbarState = {
  block: "paragraph",
  bold: false,
  italic: false,
  bulletList: false,
  orderedList: false,
  blockquote: false,
  link: false,
  canUndo: false,
  canRedo: false,
};

const ignore = () => undefined;

/** The toolbar; without `actions`, a still copy: hidden from assistive technology, out of the tab order, inert. */
export function ToolbarView({ state, actions }: { state: ToolbarState; actions?: ToolbarActions }) {
  const { t } = useMessages(articleMessages);
  const blockId = useId();
  const still = actions === undefined;
  const act = actions ?? STILL_ACTIONS;
  // The copy's controls look like the editor's, so nothing moves or changes colour when it comes.
  const reach = still ? -1 : undefined;
  const toggle = (pressed: boolean, label: string, run: () => void) => (
    <button type="button" className="secondary" aria-pressed={pressed} tabIndex={reach} onClick={run}>
      {label}
    </button>
  );
  return (
    <div className="rich-toolbar" role="toolbar" aria-label={t("toolbar.label")} aria-hidden={still || undefined} inert={still}>
      <label className="visually-hidden" htmlFor={blockId}>
        {t("toolbar.block")}
      </label>
      <select id={blockId} value={state.block} tabIndex={reach} onChange={(event) => act.setBlock(event.target.value as Block)}>
        <option value="paragraph">{t("toolbar.paragraph")}</option>
        <option value="h2">{t("toolbar.h2")}</option>
        <option value="h3">{t("toolbar.h3")}</option>
        <option value="h4">{t("toolbar.h4")}</option>
      </select>
      {toggle(state.bold, t("toolbar.bold"), act.bold)}
      {toggle(state.italic, t("toolbar.italic"), act.italic)}
      {toggle(state.bulletList, t("toolbar.bulletList"), act.bulletList)}
      {toggle(state.orderedList, t("toolbar.orderedList"), act.orderedList)}
      {toggle(state.blockquote, t("toolbar.quote"), act.blockquote)}
      {toggle(state.link, t("toolbar.link"), act.link)}
      <button type="button" className="secondary" disabled={!state.canUndo} tabIndex={reach} onClick={act.undo}>
        {t("toolbar.undo")}
      </button>
      <button type="button" className="secondary" disabled={!state.canRedo} tabIndex={reach} onClick={act.redo}>
        {t("toolbar.redo")}
      </button>
    </div>
  );
}

const STILL_ACTIONS: ToolbarActions = {
  setBlock: ignore,
  bold: ignore,
  italic: ignore,
  bulletList: ignore,
  orderedList: ignore,
  blockquote: ignore,
  link: ignore,
  undo: ignore,
  redo: ignore,
};
