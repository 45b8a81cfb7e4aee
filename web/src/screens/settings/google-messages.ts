import { defineMessages } from "../../i18n/language";

/** Google Search Console's connection: Settings → Integrations, and the site page's card. */
export const googleMessages = defineMessages(
  {
    "google.title": "Google Search Console",
    "google.intro":
      "The service reads each site's clicks, impressions and positions in Google search every day, with read-only access. It shows which pages gain or lose, and which searches a new article could win.",
    "google.offline":
      "This is a local run: Search Console is offline. Every site counts as connected and its figures are invented for local runs, so there is nothing to connect here.",
    "google.notConfigured": "The operator of this service has not set up Google Search Console yet, so it cannot be connected here.",
    "google.notConnected": "Not connected yet. Connect the Google account that can see your sites in Search Console.",
    "google.connectedAs": "Connected as {email}.",
    "google.connectedAsUnknown": "Connected.",
    "google.connectedSince": "Connected on {date}.",
    "google.broken":
      "Google no longer accepts this connection: it was revoked or it expired, so the figures are not updated. Connect again to continue.",
    "google.properties": "Properties this Google account can see",
    "google.propertiesOffline": "Properties (invented for local runs)",
    "google.propertiesNone":
      "This Google account sees no Search Console property. Add and verify your site in Search Console, then connect again.",
    "google.column.property": "Property",
    "google.column.access": "Access",
    "google.permission.siteOwner": "Owner",
    "google.permission.siteFullUser": "Full user",
    "google.permission.siteRestrictedUser": "Restricted user (figures cannot be read)",
    "google.permission.siteUnverifiedUser": "Not verified (figures cannot be read)",
    "google.connect": "Connect Google",
    "google.reconnect": "Connect Google again",
    "google.connecting": "Opening Google…",
    "google.disconnect": "Disconnect Google",
    "google.disconnecting": "Disconnecting…",
    "google.disconnectConfirm":
      "Disconnect Google Search Console? The access is revoked at Google and the sites stop syncing. The figures already read stay until you connect again.",
    "google.disconnected": "Google Search Console was disconnected.",
    "google.return.connected": "Google Search Console is connected. The first sync of each site has started; it can take a few minutes.",
    "google.return.state_invalid": "The connection was not finished in time, or the link was used twice. Start again with Connect Google.",
    "google.return.access_denied": "You declined on Google's page, so nothing was connected.",
    "google.return.scope_missing":
      "Google did not give access to Search Console: the Search Console box was unticked. Connect again and leave it ticked.",
    "google.return.google_error": "Google answered with an error, so nothing was connected. Try again in a moment.",
    "google.return.exchange_failed": "Google refused to finish the connection. Try again; if it keeps failing, tell the operator.",
    "google.return.refresh_token_missing":
      "Google did not grant lasting access. Remove this service under your Google account's third-party access, then connect again.",
    "google.return.not_configured": "Google Search Console was switched off on this service while you were at Google.",
    "google.return.unknown": "The connection to Google did not succeed. Try again.",
  },
  {
    "google.title": "Google Search Console bağlantısı",
    "google.intro":
      "Hizmet, her sitenin Google aramalarındaki tıklamalarını, gösterimlerini ve sıralarını her gün salt okunur erişimle okur. Hangi sayfaların kazandığını ya da kaybettiğini ve yeni bir makalenin hangi aramaları kazanabileceğini gösterir.",
    "google.offline":
      "Bu yerel bir çalıştırma: Search Console çevrimdışı. Her site bağlı sayılır ve rakamları yerel çalıştırmalar için uydurulur; bu yüzden burada bağlanacak bir şey yok.",
    "google.notConfigured": "Bu hizmetin işletmecisi Google Search Console'u henüz kurmadı; bu yüzden burada bağlanamıyor.",
    "google.notConnected": "Henüz bağlı değil. Sitelerinizi Search Console'da görebilen Google hesabını bağlayın.",
    "google.connectedAs": "{email} olarak bağlı.",
    "google.connectedAsUnknown": "Bağlı.",
    "google.connectedSince": "Bağlanma tarihi: {date}.",
    "google.broken":
      "Google bu bağlantıyı artık kabul etmiyor: erişim geri alındı ya da süresi doldu, bu yüzden rakamlar güncellenmiyor. Devam etmek için yeniden bağlayın.",
    "google.properties": "Bu Google hesabının gördüğü mülkler",
    "google.propertiesOffline": "Mülkler (yerel çalıştırma için uydurulmuş)",
    "google.propertiesNone":
      "Bu Google hesabı hiçbir Search Console mülkü görmüyor. Sitenizi Search Console'a ekleyip doğrulayın, ardından yeniden bağlayın.",
    "google.column.property": "Mülk",
    "google.column.access": "Erişim",
    "google.permission.siteOwner": "Sahip",
    "google.permission.siteFullUser": "Tam yetkili kullanıcı",
    "google.permission.siteRestrictedUser": "Kısıtlı kullanıcı (rakamlar okunamaz)",
    "google.permission.siteUnverifiedUser": "Doğrulanmamış (rakamlar okunamaz)",
    "google.connect": "Google'ı bağla",
    "google.reconnect": "Google'ı yeniden bağla",
    "google.connecting": "Google açılıyor…",
    "google.disconnect": "Google bağlantısını kes",
    "google.disconnecting": "Bağlantı kesiliyor…",
    "google.disconnectConfirm":
      "Google Search Console bağlantısı kesilsin mi? Erişim Google'da geri alınır ve siteler eşitlenmeyi bırakır. Okunmuş rakamlar, yeniden bağlanana kadar kalır.",
    "google.disconnected": "Google Search Console bağlantısı kesildi.",
    "google.return.connected": "Google Search Console bağlandı. Her sitenin ilk eşitlemesi başladı; birkaç dakika sürebilir.",
    "google.return.state_invalid":
      "Bağlantı zamanında tamamlanmadı ya da bağlantı iki kez kullanıldı. “Google'ı bağla” ile baştan başlayın.",
    "google.return.access_denied": "Google'ın sayfasında izin vermediniz; hiçbir şey bağlanmadı.",
    "google.return.scope_missing":
      "Google, Search Console'a erişim vermedi: Search Console kutusunun işareti kaldırılmıştı. Yeniden bağlanın ve kutuyu işaretli bırakın.",
    "google.return.google_error": "Google bir hatayla yanıt verdi; hiçbir şey bağlanmadı. Biraz sonra yeniden deneyin.",
    "google.return.exchange_failed": "Google bağlantıyı tamamlamayı reddetti. Yeniden deneyin; sorun sürerse işletmeciye haber verin.",
    "google.return.refresh_token_missing":
      "Google kalıcı erişim vermedi. Google hesabınızın üçüncü taraf erişimleri arasından bu hizmeti kaldırıp yeniden bağlanın.",
    "google.return.not_configured": "Siz Google'dayken bu hizmette Google Search Console kapatıldı.",
    "google.return.unknown": "Google bağlantısı kurulamadı. Yeniden deneyin.",
  },
);
