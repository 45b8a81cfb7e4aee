import { defineMessages } from "../../i18n/language";

/** Settings: exporting everything, closing the account (owners) and leaving it (every member). */
export const accountDataMessages = defineMessages(
  {
    "export.heading": "Export all data",
    "export.intro":
      "A ZIP archive of everything the account holds: its sites (without their passwords or keys), briefs, plans, articles, transactions, members, the audit log and the uploaded media. It is built in the background; when it is ready you also get an e-mail with the link.",
    "export.start": "Export all data",
    "export.starting": "Starting…",
    "export.again": "Start a new export",
    "export.progressLabel": "Export progress",
    "export.queued": "The export is waiting to start…",
    "export.counting": "Building the archive: counting what to write…",
    "export.building": "Building the archive: {done} of {total} files and rows written.",
    "export.ready": "Ready since {date} ({size}).",
    "export.download": "Download the archive",
    "export.expires": "The archive and its e-mailed link work until {date}; then they are deleted.",
    "export.failed": "The last export failed. Start a new one; if it fails again, contact support.",
    "export.expired": "The last export has expired and was deleted. Start a new one when you need it.",
    "close.heading": "Close the account",
    "close.intro":
      "At once: the sites' passwords and webhook secrets, the model provider key and the Google connection are deleted; every API token and connected app stops; open invitations and approval links stop working; running plans are paused; everyone is signed out.",
    "close.later":
      "Everything else is deleted after 14 days. Until then an owner can sign in, export the data and cancel the closure (what was deleted at once stays deleted).",
    "close.password": "Your password, to confirm",
    "close.passwordRequired": "Enter your password.",
    "close.submit": "Close the account",
    "close.working": "Closing…",
    "close.confirm": "Close the account? Credentials are deleted at once, everything else after 14 days.",
    "leave.heading": "Leave this account",
    "leave.intro":
      "You stop being a member: your sessions, API tokens and connected apps here end, and so do this account's e-mails to you. What you did stays in the audit log as a former member's. If you belong to no other account, your sign-in is deleted too.",
    "leave.lastOwner":
      "You are this account's last owner, so you cannot leave it. Make another member an owner first, or close the account.",
    "leave.password": "Your password, to confirm",
    "leave.submit": "Leave this account",
    "leave.working": "Leaving…",
    "leave.confirm": "Leave {account}? You will no longer be able to open it.",
  },
  {
    "export.heading": "Tüm verileri dışa aktar",
    "export.intro":
      "Hesabın tuttuğu her şeyin bir ZIP arşivi: siteleri (parolaları ve anahtarları olmadan), yönergeler, planlar, makaleler, işlemler, üyeler, denetim kaydı ve yüklenen medya. Arka planda hazırlanır; hazır olduğunda bağlantısı size e-postayla da gelir.",
    "export.start": "Tüm verileri dışa aktar",
    "export.starting": "Başlatılıyor…",
    "export.again": "Yeni bir dışa aktarım başlat",
    "export.progressLabel": "Dışa aktarımın ilerlemesi",
    "export.queued": "Dışa aktarım başlamayı bekliyor…",
    "export.counting": "Arşiv hazırlanıyor: yazılacaklar sayılıyor…",
    "export.building": "Arşiv hazırlanıyor: {total} dosya ve satırdan {done} tanesi yazıldı.",
    "export.ready": "{date} tarihinden beri hazır ({size}).",
    "export.download": "Arşivi indir",
    "export.expires": "Arşiv ve e-postadaki bağlantısı {date} tarihine kadar çalışır; sonra silinir.",
    "export.failed": "Son dışa aktarım başarısız oldu. Yenisini başlatın; yine başarısız olursa destekle iletişime geçin.",
    "export.expired": "Son dışa aktarımın süresi doldu ve silindi. Gerektiğinde yenisini başlatın.",
    "close.heading": "Hesabı kapat",
    "close.intro":
      "Hemen: sitelerin parolaları ve webhook gizli anahtarları, model sağlayıcı anahtarı ve Google bağlantısı silinir; tüm API anahtarları ve bağlı uygulamalar durur; açık davetler ve onay bağlantıları çalışmaz olur; çalışan planlar duraklatılır; herkesin oturumu kapatılır.",
    "close.later":
      "Geri kalan her şey 14 gün sonra silinir. O zamana kadar bir sahip giriş yapıp verileri dışa aktarabilir ve kapatmayı iptal edebilir (hemen silinenler geri gelmez).",
    "close.password": "Onaylamak için parolanız",
    "close.passwordRequired": "Parolanızı girin.",
    "close.submit": "Hesabı kapat",
    "close.working": "Kapatılıyor…",
    "close.confirm": "Hesap kapatılsın mı? Giriş bilgileri hemen, geri kalan her şey 14 gün sonra silinir.",
    "leave.heading": "Bu hesaptan ayrıl",
    "leave.intro":
      "Üyeliğiniz sona erer: buradaki oturumlarınız, API anahtarlarınız ve bağlı uygulamalarınız durur; bu hesap size artık e-posta göndermez. Yaptıklarınız denetim kaydında eski bir üyenin işi olarak kalır. Başka bir hesaba üye değilseniz girişiniz de silinir.",
    "leave.lastOwner": "Bu hesabın son sahibi sizsiniz; bu yüzden ayrılamazsınız. Önce başka bir üyeyi sahip yapın ya da hesabı kapatın.",
    "leave.password": "Onaylamak için parolanız",
    "leave.submit": "Hesaptan ayrıl",
    "leave.working": "Ayrılıyorsunuz…",
    "leave.confirm": "{account} hesabından ayrılmak istiyor musunuz? Artık bu hesabı açamayacaksınız.",
  },
);
