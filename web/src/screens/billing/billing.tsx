import { ErrorNotice, Loading, PageTitle } from "../../components/ui";
import { useMessages } from "../../i18n/language";
import "./billing.css";
import { ByokSection } from "./byok-section";
import { billingMessages } from "./messages";
import { BalanceSection, PricesSection } from "./overview-sections";
import { usePackages } from "./queries";
import { TopupSection } from "./topup-section";
import { TransactionsSection } from "./transactions-section";

/** /billing: balance, top-up (PayTR), BYOK licence and key, prices, credit movements. */
export function BillingScreen() {
  const { t } = useMessages(billingMessages);
  const packages = usePackages();
  return (
    <section aria-labelledby="page-title">
      <PageTitle title={t("title")}>{t("title")}</PageTitle>
      <BalanceSection />
      <ErrorNotice error={packages.error} onRetry={() => void packages.refetch()} />
      <TopupSection bounds={packages.data?.topup} />
      <ByokSection licences={packages.data?.licences} />
      {packages.data ? <PricesSection packages={packages.data} /> : packages.isPending ? <Loading /> : null}
      <TransactionsSection />
    </section>
  );
}
