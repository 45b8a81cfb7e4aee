// The article's slug in its edit form: what it may hold, where the article is now, and that
// WordPress sends the old address on to the new one. The API folds and checks it.
import type { ReactNode } from "react";
import { useSites } from "../../api/query-keys";
import { TextField } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import { slugMessages } from "./slug-messages";

export function SlugField({
  value,
  onChange,
  url,
  siteId,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  url: string | null;
  siteId: string | null;
  error: ReactNode | undefined;
}) {
  const { t } = useMessages(slugMessages);
  const sites = useSites();
  const onWordPress = sites.data?.find((site) => site.id === siteId)?.platform === "blog";
  const hint = [t("slug.hint"), onWordPress ? t("slug.redirects") : null, url ? t("slug.address", { url }) : null]
    .filter(Boolean)
    .join(" ");
  return (
    <TextField
      label={t("slug.label")}
      hint={hint}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      error={error}
      autoCapitalize="none"
      autoCorrect="off"
      spellCheck={false}
      inputMode="url"
    />
  );
}
