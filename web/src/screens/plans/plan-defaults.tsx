// What a new plan of the site gets when the form leaves the mode untouched (GET /api/autopilot/plan-defaults):
// `review` when the offline writer would otherwise publish placeholder text on a real site, and why.
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "../../api/client";
import { useMessages } from "../../i18n/language";
import { estimateNameMessages } from "./estimate-names-messages";

export function usePlanDefaults(siteId: string) {
  return useQuery({
    queryKey: ["/api/autopilot/plan-defaults", siteId],
    queryFn: () => unwrap(api.GET("/api/autopilot/plan-defaults", { params: { query: { siteId } } })),
    enabled: siteId !== "",
  });
}

export function ReviewDefaultNote({ shown }: { shown: boolean }) {
  const { t } = useMessages(estimateNameMessages);
  return shown ? (
    <p className="notice notice-warning" role="status" data-testid="review-default-note">
      {t("mode.reviewBecauseOffline")}
    </p>
  ) : null;
}
