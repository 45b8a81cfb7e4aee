// What the Search tab says ran: the weekly decay check (on how many pages, over which days) and
// why the list of searches to win is empty (no sync yet, none at 8–30, or all already targeted).
import { useMessages } from "../../i18n/language";
import { searchMessages } from "./search-messages";

/** What the decay list answers about its check (GET /api/sites/{siteId}/decay). */
interface DecayCheck {
  checkedAt: string | null;
  checkedPages: number | null;
  window: { start: string; end: string } | null;
  items: unknown[];
}

/** The decay list's first lines: whether the check ran, and what it compared. */
export function DecayCheckNote({ data }: { data: DecayCheck }) {
  const { t, dateTime, day, number } = useMessages(searchMessages);
  const { checkedAt, checkedPages, window } = data;
  let note: string;
  if (!checkedAt) note = t("decay.notChecked");
  else if (checkedPages === 0) note = t("decay.checkedNoPages", { time: dateTime(checkedAt) });
  else if (window && checkedPages !== null) {
    const params = { time: dateTime(checkedAt), pages: number(checkedPages), from: day(window.start), to: day(window.end) };
    note = checkedPages === 1 ? t("decay.checkedOne", params) : t("decay.checked", params);
  } else note = t("decay.checkedAt", { time: dateTime(checkedAt) });
  const nothingFell = checkedAt !== null && checkedPages !== 0 && data.items.length === 0;
  return (
    <>
      <p className="muted" data-testid="decay-check-note">
        {note}
      </p>
      {nothingFell ? <p>{t("decay.empty")}</p> : null}
    </>
  );
}

/** Why there is no search to win, when there is none. */
export function OpportunitiesEmptyNote({ data }: { data: { syncedAt: string | null; targeted: number; items: unknown[] } }) {
  const { t, number } = useMessages(searchMessages);
  if (data.items.length > 0) return null;
  let note: string;
  if (data.syncedAt === null) note = t("opportunities.notSynced");
  else if (data.targeted === 1) note = t("opportunities.allTargetedOne");
  else if (data.targeted > 1) note = t("opportunities.allTargeted", { count: number(data.targeted) });
  else note = t("opportunities.noneInRange");
  return <p data-testid="opportunities-empty-note">{note}</p>;
}
