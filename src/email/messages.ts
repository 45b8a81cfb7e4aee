import type { EmailKind, Locale, Role } from "../db/schema";
import type { EmailData, OptionalEmailKind } from "./kinds";

// Every word of the e-mails and the unsubscribe page, in English and Turkish (the member's
// users.locale). Values from the service (a failure's reason) stay as the service wrote them.

export const PRODUCT_NAME = "Content Autopilot";

/** What one message says, before it is laid out as HTML and text. */
export interface MessageContent {
  subject: string;
  heading: string;
  paragraphs: string[];
  /** A list under the paragraphs (the articles of a digest). */
  items?: string[];
  /** A line under the list (“…and 3 more”). */
  more?: string;
  button: string;
}

/** A site an e-mail mentions, as its data holds it. */
export interface SiteRef {
  siteId: string;
  siteUrl: string;
}
/** What the site is called in the e-mail: its display name, else its host. */
export type SiteNamer = (site: SiteRef) => string;

type KindWords = { [K in EmailKind]: (data: EmailData<K>, account: string, site: SiteNamer) => MessageContent };

export interface Words {
  kinds: KindWords;
  kindNames: Record<OptionalEmailKind, string>;
  roles: Record<Role, string>;
  accountLine: (account: string) => string;
  whyMember: (account: string) => string;
  whyInvited: string;
  whyRequested: string;
  unsubscribe: (kindName: string) => string;
  settings: string;
  linkFallback: string;
  page: {
    title: string;
    confirm: (kindName: string, email: string, account: string) => string;
    button: string;
    done: (kindName: string, email: string, account: string) => string;
    again: string;
  };
}

const money = (locale: Locale, amount: string) => (locale === "tr" ? `${amount.replace(".", ",")} TL` : `${amount} TRY`);
const day = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
const size = (locale: Locale, bytes: number) =>
  `${new Intl.NumberFormat(locale === "tr" ? "tr-TR" : "en-GB", { maximumFractionDigits: 1 }).format(Math.max(0.1, bytes / 1_048_576))} MB`;
const time = (locale: Locale, iso: string) =>
  new Intl.DateTimeFormat(locale === "tr" ? "tr-TR" : "en-GB", { timeStyle: "short", timeZone: "UTC" }).format(new Date(iso));
/** A site's address without its scheme and trailing slash: what names a site that has no name. */
export const hostOf = (url: string) => url.replace(/^https?:\/\//, "").replace(/\/+$/, "");

const en: Words = {
  kinds: {
    // The subject names the account by its display name, never by an address chosen at sign-up.
    invitation: (d, account) => ({
      subject: account ? `You are invited to join “${account}” on ${PRODUCT_NAME}` : `You are invited to join a team on ${PRODUCT_NAME}`,
      heading: "You are invited",
      paragraphs: [
        `${d.inviterEmail ?? "The account's owner"} invited you to join ${account ? `the ${PRODUCT_NAME} account “${account}”` : `their team on ${PRODUCT_NAME}`} as ${en.roles[d.role]}.`,
        "The link works once, for 7 days. If you did not expect this invitation, ignore this e-mail.",
      ],
      button: "Accept the invitation",
    }),
    item_failed: (d, _, site) => ({
      subject: `An article could not be written: ${d.title}`,
      heading: "An article could not be written",
      paragraphs: [`The plan item “${d.title}” for ${site(d)} failed and will not be tried again automatically.`, `Reason: ${d.reason}`],
      button: "Open the item",
    }),
    site_error: (d, _, site) => ({
      subject: `${site(d)} needs to be reconnected`,
      heading: "A site stopped working",
      paragraphs: [
        `${PRODUCT_NAME} can no longer work with ${site(d)}. Nothing is published there until it is reconnected.`,
        `Reason: ${d.reason}`,
      ],
      button: "Open the site",
    }),
    review_digest: (d, _, site) => {
      const none = d.noTraction?.total ?? 0;
      const pages = d.noTraction?.pages ?? [];
      const noneLine = `${none === 1 ? "1 page published" : `${none} pages published`} 28 or more days ago ${none === 1 ? "has" : "have"} had almost no impressions in Google. Decide in the site's Traction list whether to wait, improve, merge, noindex or unpublish:`;
      if (d.total === 0)
        return {
          subject: none === 1 ? "1 page has no search traction" : `${none} pages have no search traction`,
          heading: "Pages without search traction",
          paragraphs: [noneLine],
          items: pages.map((p) => `${p.title} (${site(p)})`),
          more: none > pages.length ? `…and ${none - pages.length} more.` : undefined,
          button: "Open the site",
        };
      return {
        subject: d.total === 1 ? "1 article is waiting for review" : `${d.total} articles are waiting for review`,
        heading: "Articles waiting for your review",
        paragraphs: ["These articles are written and wait for someone to approve them:", ...(none > 0 ? [`Also: ${noneLine}`] : [])],
        items: [...d.articles.map((a) => `${a.title} (${site(a)})`), ...pages.map((p) => `No search traction: ${p.title} (${site(p)})`)],
        more: d.total > d.articles.length ? `…and ${d.total - d.articles.length} more.` : undefined,
        button: "Review the articles",
      };
    },
    refresh_suggested: (d, _, site) => ({
      subject: `A refresh is ready for “${d.postTitle}”`,
      heading: "A refreshed version is waiting",
      paragraphs: [
        `“${d.postTitle}” on ${site(d)} lost search traffic, so ${PRODUCT_NAME} wrote an improved version.`,
        "It is not applied until someone approves it.",
      ],
      button: "See the suggestion",
    }),
    balance_low: (d) =>
      d.mode === "credits"
        ? {
            subject: `Your balance is low: ${money("en", d.balance)}`,
            heading: "Your credit balance is running low",
            paragraphs: [
              `The account's balance fell to ${money("en", d.balance)}, below ${money("en", d.threshold)}.`,
              "When it runs out, planned articles are no longer written.",
            ],
            button: "Top up",
          }
        : {
            subject: `Your monthly quota is nearly used: ${d.used} of ${d.quota}`,
            heading: "Your monthly article quota is nearly used",
            paragraphs: [`${d.used} of this month's ${d.quota} articles are used.`, `The quota starts again on ${day("en", d.resetsAt)}.`],
            button: "Open billing",
          },
    sign_up_confirm: (d) => ({
      subject: `Confirm your address to create your ${PRODUCT_NAME} account`,
      heading: "One step left",
      paragraphs: [
        `Someone, probably you, signed up to ${PRODUCT_NAME} with this address. Open the link to confirm it: your account is made and you are signed in.`,
        `The link works once, until ${day("en", d.expiresAt)}. If you did not sign up, ignore this e-mail: no account is made.`,
      ],
      button: "Confirm and sign in",
    }),
    sign_up_existing: () => ({
      subject: `Someone tried to sign up to ${PRODUCT_NAME} with your address`,
      heading: "You already have an account",
      paragraphs: [
        `Someone, probably you, tried to create a new ${PRODUCT_NAME} account with this address, which already signs in here. No new account was made.`,
        "If it was you, sign in instead; if you forgot your password, the sign-in page e-mails you a one-time link. If it was not you, nothing changed and you can ignore this e-mail.",
      ],
      button: "Sign in",
    }),
    sign_in_link: (d) => ({
      subject: `Your sign-in link for ${PRODUCT_NAME}`,
      heading: "Sign in without your password",
      paragraphs: [
        "Someone, probably you, asked for a one-time sign-in link on the sign-in page.",
        `The link signs you in once, until ${time("en", d.expiresAt)} (UTC). If you did not ask for it, ignore this e-mail: nobody can use it without your mailbox.`,
      ],
      button: "Sign in",
    }),
    export_ready: (d, account) => ({
      subject: `Your export of ${account} is ready`,
      heading: "Your export is ready",
      paragraphs: [
        `The archive of everything the account ${account} holds is ready to download (${size("en", d.sizeBytes)}): the data as JSON files and the media files, in one ZIP file.`,
        `The link works until ${day("en", d.expiresAt)}; after that, ask for a new export in the panel. Anyone with the link can download the archive: do not forward this e-mail.`,
      ],
      button: "Download the archive",
    }),
    client_answered: (d, _, site) => {
      const where = `“${d.title}” on ${site(d)}`;
      if (d.decision === "changes")
        return {
          subject: `The client asked for changes: ${d.title}`,
          heading: "The client asked for changes",
          paragraphs: [
            `Your client read ${where} through the approval link and asked for changes. The article waits in review.`,
            ...(d.comment ? ["Their comment:", d.comment] : []),
            "Edit the article, then make a new link and send it to them again.",
          ],
          button: "Open the article",
        };
      return {
        subject: `The client approved: ${d.title}`,
        heading: "The client approved the article",
        paragraphs: [
          `Your client approved ${where} through the approval link.`,
          d.outcome === "published"
            ? "It is now published on the site."
            : d.outcome === "approved"
              ? "The plan leaves publishing to the team: it waits for you to publish it."
              : "Publishing did not go through, so it still waits in review: publish it yourself.",
        ],
        button: "Open the article",
      };
    },
    payment_received: (d) => ({
      subject: `Payment received: ${money("en", d.amount)}`,
      heading: "Thank you, your payment arrived",
      paragraphs: [
        d.purpose === "topup"
          ? `${money("en", d.amount)} was added to the account's balance.`
          : `The payment of ${money("en", d.amount)} for the BYOK licence was received${d.licenceExpiresAt ? `; the licence is valid until ${day("en", d.licenceExpiresAt)}` : ""}.`,
        `Order: ${d.merchantOid}`,
      ],
      button: "Open billing",
    }),
  },
  kindNames: {
    item_failed: "failed article",
    site_error: "site problem",
    review_digest: "review digest",
    refresh_suggested: "refresh suggestion",
    balance_low: "low balance",
    payment_received: "payment receipt",
    client_answered: "client answer",
  },
  roles: { owner: "an owner", admin: "an admin", editor: "an editor", writer: "a writer", viewer: "a viewer" },
  accountLine: (account) => (account ? `${PRODUCT_NAME} · ${account}` : PRODUCT_NAME),
  whyMember: (account) => `You receive this because you are a member of ${account} on ${PRODUCT_NAME}.`,
  whyInvited: `You receive this because someone invited this address to ${PRODUCT_NAME}.`,
  whyRequested: "You receive this because you asked for it.",
  unsubscribe: (kindName) => `Unsubscribe from ${kindName} e-mails`,
  settings: "Choose which e-mails you receive",
  linkFallback: "If the button does not work, open this address:",
  page: {
    title: "Unsubscribe",
    confirm: (kindName, email, account) => `Stop sending ${kindName} e-mails of ${account} to ${email}?`,
    button: "Unsubscribe",
    done: (kindName, email, account) => `Done: ${email} no longer receives ${kindName} e-mails of ${account}.`,
    again: "You can turn them on again in the panel's Settings.",
  },
};

const tr: Words = {
  kinds: {
    invitation: (d, account) => ({
      subject: account ? `${PRODUCT_NAME}'ta “${account}” hesabına davet edildiniz` : `${PRODUCT_NAME}'ta bir ekibe davet edildiniz`,
      heading: "Davet edildiniz",
      paragraphs: [
        `${d.inviterEmail ?? "Hesabın sahibi"}, sizi ${account ? `${PRODUCT_NAME}'taki “${account}” hesabına` : `${PRODUCT_NAME}'taki ekibine`} ${tr.roles[d.role]} olarak katılmaya davet etti.`,
        "Bağlantı 7 gün boyunca bir kez kullanılabilir. Bu daveti beklemiyorsanız bu e-postayı yok sayabilirsiniz.",
      ],
      button: "Daveti kabul et",
    }),
    item_failed: (d, _, site) => ({
      subject: `Bir makale yazılamadı: ${d.title}`,
      heading: "Bir makale yazılamadı",
      paragraphs: [`${site(d)} için “${d.title}” plan öğesi başarısız oldu ve otomatik olarak yeniden denenmeyecek.`, `Neden: ${d.reason}`],
      button: "Öğeyi aç",
    }),
    site_error: (d, _, site) => ({
      subject: `${site(d)} yeniden bağlanmalı`,
      heading: "Bir site çalışmayı durdurdu",
      paragraphs: [
        `${PRODUCT_NAME} artık ${site(d)} ile çalışamıyor. Site yeniden bağlanana kadar orada hiçbir şey yayımlanmaz.`,
        `Neden: ${d.reason}`,
      ],
      button: "Siteyi aç",
    }),
    review_digest: (d, _, site) => {
      const none = d.noTraction?.total ?? 0;
      const pages = d.noTraction?.pages ?? [];
      const noneLine = `En az 28 gün önce yayımlanan ${none} sayfa Google'da neredeyse hiç gösterim almadı. Sitenin Çekiş listesinde beklemeye, iyileştirmeye, birleştirmeye, noindex yapmaya ya da yayından kaldırmaya karar verin:`;
      if (d.total === 0)
        return {
          subject: `Arama çekişi olmayan ${none} sayfa var`,
          heading: "Arama çekişi olmayan sayfalar",
          paragraphs: [noneLine],
          items: pages.map((p) => `${p.title} (${site(p)})`),
          more: none > pages.length ? `…ve ${none - pages.length} sayfa daha.` : undefined,
          button: "Siteyi aç",
        };
      return {
        subject: `İncelemeyi bekleyen ${d.total} makale var`,
        heading: "İncelemenizi bekleyen makaleler",
        paragraphs: ["Bu makaleler yazıldı ve birinin onaylamasını bekliyor:", ...(none > 0 ? [`Ayrıca: ${noneLine}`] : [])],
        items: [...d.articles.map((a) => `${a.title} (${site(a)})`), ...pages.map((p) => `Arama çekişi yok: ${p.title} (${site(p)})`)],
        more: d.total > d.articles.length ? `…ve ${d.total - d.articles.length} makale daha.` : undefined,
        button: "Makaleleri incele",
      };
    },
    refresh_suggested: (d, _, site) => ({
      subject: `“${d.postTitle}” için bir yenileme hazır`,
      heading: "Yenilenmiş bir sürüm bekliyor",
      paragraphs: [
        `${site(d)} sitesindeki “${d.postTitle}” arama trafiği kaybetti; ${PRODUCT_NAME} bu yüzden geliştirilmiş bir sürüm yazdı.`,
        "Biri onaylayana kadar uygulanmaz.",
      ],
      button: "Öneriyi gör",
    }),
    balance_low: (d) =>
      d.mode === "credits"
        ? {
            subject: `Bakiyeniz azaldı: ${money("tr", d.balance)}`,
            heading: "Kredi bakiyeniz azalıyor",
            paragraphs: [
              `Hesabın bakiyesi ${money("tr", d.threshold)} sınırının altına, ${money("tr", d.balance)} tutarına düştü.`,
              "Bakiye bittiğinde planlanan makaleler artık yazılmaz.",
            ],
            button: "Bakiye yükle",
          }
        : {
            subject: `Aylık kotanız dolmak üzere: ${d.quota} makalenin ${d.used} tanesi kullanıldı`,
            heading: "Aylık makale kotanız dolmak üzere",
            paragraphs: [`Bu ayki ${d.quota} makalenin ${d.used} tanesi kullanıldı.`, `Kota ${day("tr", d.resetsAt)} tarihinde yenilenir.`],
            button: "Faturalandırmayı aç",
          },
    sign_up_confirm: (d) => ({
      subject: `${PRODUCT_NAME} hesabınızı oluşturmak için adresinizi doğrulayın`,
      heading: "Bir adım kaldı",
      paragraphs: [
        `Birisi, büyük olasılıkla siz, bu adresle ${PRODUCT_NAME}'a kaydoldu. Doğrulamak için bağlantıyı açın: hesabınız oluşturulur ve oturumunuz açılır.`,
        `Bağlantı ${day("tr", d.expiresAt)} tarihine kadar bir kez çalışır. Kaydolmadıysanız bu e-postayı yok sayın: hesap oluşturulmaz.`,
      ],
      button: "Doğrula ve oturum aç",
    }),
    sign_up_existing: () => ({
      subject: `Biri adresinizle ${PRODUCT_NAME}'a kaydolmayı denedi`,
      heading: "Zaten bir hesabınız var",
      paragraphs: [
        `Birisi, büyük olasılıkla siz, bu adresle yeni bir ${PRODUCT_NAME} hesabı oluşturmayı denedi; bu adresle zaten oturum açılıyor. Yeni hesap oluşturulmadı.`,
        "Siz denediyseniz oturum açın; şifrenizi unuttuysanız oturum açma sayfası size tek kullanımlık bir bağlantı e-postalar. Siz değilseniz hiçbir şey değişmedi, bu e-postayı yok sayabilirsiniz.",
      ],
      button: "Oturum aç",
    }),
    sign_in_link: (d) => ({
      subject: `${PRODUCT_NAME} için oturum açma bağlantınız`,
      heading: "Şifreniz olmadan oturum açın",
      paragraphs: [
        "Birisi, büyük olasılıkla siz, oturum açma sayfasından tek kullanımlık bir oturum açma bağlantısı istedi.",
        `Bağlantı ${time("tr", d.expiresAt)} (UTC) saatine kadar bir kez oturum açar. Siz istemediyseniz bu e-postayı yok sayın: posta kutunuz olmadan kimse kullanamaz.`,
      ],
      button: "Oturum aç",
    }),
    export_ready: (d, account) => ({
      subject: `${account} hesabının dışa aktarımı hazır`,
      heading: "Dışa aktarımınız hazır",
      paragraphs: [
        `${account} hesabında bulunan her şeyin arşivi indirilmeye hazır (${size("tr", d.sizeBytes)}): veriler JSON dosyaları, medya dosyalarıyla birlikte tek bir ZIP dosyasında.`,
        `Bağlantı ${day("tr", d.expiresAt)} tarihine kadar çalışır; sonrasında panelden yeni bir dışa aktarım isteyin. Bağlantıya sahip olan herkes arşivi indirebilir: bu e-postayı iletmeyin.`,
      ],
      button: "Arşivi indir",
    }),
    client_answered: (d, _, site) => {
      const where = `${site(d)} sitesindeki “${d.title}”`;
      if (d.decision === "changes")
        return {
          subject: `Müşteri değişiklik istedi: ${d.title}`,
          heading: "Müşteri değişiklik istedi",
          paragraphs: [
            `Müşteriniz ${where} makalesini onay bağlantısından okudu ve değişiklik istedi. Makale incelemede bekliyor.`,
            ...(d.comment ? ["Müşterinin yorumu:", d.comment] : []),
            "Makaleyi düzenleyin, sonra yeni bir bağlantı oluşturup müşteriye yeniden gönderin.",
          ],
          button: "Makaleyi aç",
        };
      return {
        subject: `Müşteri onayladı: ${d.title}`,
        heading: "Müşteri makaleyi onayladı",
        paragraphs: [
          `Müşteriniz ${where} makalesini onay bağlantısından onayladı.`,
          d.outcome === "published"
            ? "Makale artık sitede yayımlandı."
            : d.outcome === "approved"
              ? "Plan, yayımlamayı ekibe bırakıyor: makale sizin yayımlamanızı bekliyor."
              : "Yayımlama gerçekleşmedi, bu yüzden makale hâlâ incelemede bekliyor: kendiniz yayımlayın.",
        ],
        button: "Makaleyi aç",
      };
    },
    payment_received: (d) => ({
      subject: `Ödeme alındı: ${money("tr", d.amount)}`,
      heading: "Teşekkürler, ödemeniz ulaştı",
      paragraphs: [
        d.purpose === "topup"
          ? `Hesabın bakiyesine ${money("tr", d.amount)} eklendi.`
          : `BYOK lisansı için ${money("tr", d.amount)} tutarındaki ödeme alındı${d.licenceExpiresAt ? `; lisans ${day("tr", d.licenceExpiresAt)} tarihine kadar geçerli` : ""}.`,
        `Sipariş: ${d.merchantOid}`,
      ],
      button: "Faturalandırmayı aç",
    }),
  },
  kindNames: {
    item_failed: "başarısız makale",
    site_error: "site sorunu",
    review_digest: "inceleme özeti",
    refresh_suggested: "yenileme önerisi",
    balance_low: "düşük bakiye",
    payment_received: "ödeme bildirimi",
    client_answered: "müşteri yanıtı",
  },
  roles: { owner: "sahip", admin: "yönetici", editor: "editör", writer: "yazar", viewer: "izleyici" },
  accountLine: (account) => (account ? `${PRODUCT_NAME} · ${account}` : PRODUCT_NAME),
  whyMember: (account) => `Bu e-postayı ${PRODUCT_NAME}'taki ${account} hesabının üyesi olduğunuz için alıyorsunuz.`,
  whyInvited: `Bu e-postayı, biri bu adresi ${PRODUCT_NAME}'a davet ettiği için alıyorsunuz.`,
  whyRequested: "Bu e-postayı siz istediğiniz için alıyorsunuz.",
  unsubscribe: (kindName) => `${kindName} e-postalarından çık`,
  settings: "Hangi e-postaları alacağınızı seçin",
  linkFallback: "Düğme çalışmazsa bu adresi açın:",
  page: {
    title: "Abonelikten çık",
    confirm: (kindName, email, account) => `${account} hesabının ${kindName} e-postaları artık ${email} adresine gönderilmesin mi?`,
    button: "Abonelikten çık",
    done: (kindName, email, account) => `Tamam: ${email} artık ${account} hesabının ${kindName} e-postalarını almayacak.`,
    again: "Bunları panelin Ayarlar bölümünden yeniden açabilirsiniz.",
  },
};

export const WORDS: Record<Locale, Words> = { en, tr };
