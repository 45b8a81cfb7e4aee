// Calibration corpus, Turkish: "çaydanlık kireci nasıl temizlenir". Five independent top pages and one article.
// Written for this test corpus; no licence restrictions (CC0).
import type { CorpusPage, CorpusTopic } from "./types";

const sirkeAdimlar: CorpusPage = {
  url: "https://www.temizev.example.invalid/caydanlik-kireci-nasil-temizlenir",
  title: "Çaydanlık Kireci Nasıl Temizlenir? Sirkeyle 5 Adımda Pırıl Pırıl Çaydanlık",
  html: `<p>Sabah çayını demlerken çaydanlığın dibinde beyaz, pürüzlü bir tabaka gördüyseniz yalnız değilsiniz. Türkiye'nin pek çok şehrinde şebeke suyu serttir ve her gün kaynatılan su, çaydanlığın tabanında ve kenarlarında kireç bırakır. Neyse ki bu kireci çıkarmak için pahalı temizlik ürünlerine ihtiyacınız yok: mutfağınızdaki beyaz sirke, bir saatten kısa sürede işin büyük kısmını halleder.</p>
<h2>Kireç nedir, neden oluşur?</h2>
<p>Kireç, büyük bölümü kalsiyum karbonattan oluşan sert bir tortudur. Sert suda çözünmüş hâlde bulunan kalsiyum ve magnezyum, su ısındıkça çözünmez hâle gelir ve çaydanlığın en sıcak yüzeyine, yani tabanına yapışır. Sağlığa zararı yoktur; ama çayın tadını bozar, bardakta ince bir zar bırakır ve suyun daha geç kaynamasına yol açar.</p>
<h2>Gerekenler</h2>
<ul>
<li>Beyaz sirke (üzüm sirkesi de olur ama renk bırakabilir)</li>
<li>Su</li>
<li>Yumuşak bir sünger ya da bez</li>
<li>Emzik ve süzgeç kısmı için eski bir diş fırçası</li>
</ul>
<h2>Sirkeyle çaydanlık kireci nasıl temizlenir?</h2>
<ol>
<li><strong>Karışımı hazırlayın.</strong> Çaydanlığı yarısına kadar, yarı yarıya sirke ve sudan oluşan bir karışımla doldurun. 2 litrelik bir çaydanlık için yaklaşık 500 ml sirke ve 500 ml su yeterlidir.</li>
<li><strong>Kaynatın.</strong> Karışımı ocakta kaynama noktasına getirin ve altını kapatın. Elektrikli kettle kullanıyorsanız bir kez kaynatmanız yeterli.</li>
<li><strong>Bekletin.</strong> Sıcak karışımı 30 dakika ile 1 saat arasında çaydanlıkta bırakın. Kireç tabakası kalınsa bir gece bekletebilirsiniz; ancak tekrar kaynatmayın.</li>
<li><strong>Silin.</strong> Karışımı dökün, içini yumuşak bir süngerle silin. Emzik kısmını ve süzgeci diş fırçasıyla temizleyin.</li>
<li><strong>Durulayın ve temiz su kaynatın.</strong> Çaydanlığı temiz suyla doldurup kaynatın ve bu suyu dökün. Sirke kokusunun tamamen gitmesi için bunu iki kez yapın.</li>
</ol>
<h3>Kireç inatçıysa</h3>
<p>İlk seferde çıkmayan lekeler için işlemi sulandırılmamış sirkeyle tekrarlayın. Çelik yünü, tel fırça ya da bıçak ucuyla kazımaya kalkmayın; çizilen yüzeye kireç daha sıkı tutunur ve emaye çaydanlıklarda kaplama zarar görür.</p>
<h2>Çelik, emaye ve cam çaydanlıkta fark var mı?</h2>
<p>Paslanmaz çelik çaydanlıklar sirkeye en dayanıklı olanlardır; gönül rahatlığıyla kaynatıp bekletebilirsiniz. Emaye çaydanlıklarda sirke kaplamaya zarar vermez, ama sert bir süngerle ovmak emayeyi çizebilir ve zamanla kaplamanın atmasına yol açar. Cam kettle'lar ise sirkeden hiç etkilenmez; üstelik kirecin gittiğini gözünüzle görürsünüz. Bakır ya da alüminyum çaydanlıklarda asitli karışımı kısa tutmak gerekir.</p>
<h2>Çaydanlık ne sıklıkla temizlenmeli?</h2>
<p>Bu tamamen suyunuzun sertliğine bağlı. Çok sert suyun olduğu bölgelerde ayda bir temizlik kirecin birikmesini önler. Suyu daha yumuşak olan yerlerde iki üç ayda bir yeterlidir. Basit bir kural: tabanda beyaz bir zar görmeye başladıysanız zamanı gelmiş demektir.</p>
<h2>Sirke kokusu çaya geçer mi?</h2>
<p>İyi durularsanız geçmez. İki kez temiz su kaynatıp dökmek kokuyu tamamen giderir. Hâlâ koku alıyorsanız çaydanlığın kapağını açık bırakıp birkaç saat havalandırın.</p>
<h2>Dikkat edilmesi gerekenler</h2>
<ul>
<li>Elektrikli kettle'ı temizlemeden önce mutlaka fişten çekin.</li>
<li>Kettle'ın gövdesini ya da tabanını asla suya batırmayın.</li>
<li>Sirke kaynarken keskin bir koku çıkar; mutfağın penceresini açın.</li>
<li>Alüminyum çaydanlıklarda asitli karışımı uzun süre bekletmeyin.</li>
</ul>
<p>Temizlik bittikten sonra çaydanlığın dışını nemli bir bezle silin; hem görüntüsü hem de çayınızın tadı ilk günkü gibi olur. Sirkenin kokusundan hoşlanmıyorsanız aynı işi daha kısa sürede ve kokusuz yapan limon tuzunu deneyebilirsiniz. Ölçüleri ve püf noktalarını <a href="https://www.temizev.example.invalid/limon-tuzu-ile-kirec-temizligi">limon tuzuyla kireç temizliği</a> yazımızda bulabilirsiniz.</p>`,
};

const limonTuzu: CorpusPage = {
  url: "https://www.pratikbilgiler.example.invalid/limon-tuzu-ile-caydanlik-kireci-temizleme",
  title: "Limon Tuzuyla Çaydanlık Kireci Temizleme: Ölçüler, Süreler ve Püf Noktaları",
  html: `<p>Limon tuzu, yani sitrik asit, çaydanlık kirecine karşı mutfaktaki en etkili silahtır. Sirke gibi keskin bir koku bırakmaz, daha kısa sürede çalışır ve doğru ölçüyle kullanıldığında çelik çaydanlığa zarar vermez. Market raflarındaki pek çok kireç çözücünün ana maddesi de zaten sitrik asittir. Bu yazıda limon tuzuyla kireç temizliğinin ölçülerini ve sık yapılan hataları anlatıyoruz.</p>
<h2>Limon tuzu kireci nasıl çözer?</h2>
<p>Kireç, bazik bir madde olan kalsiyum karbonattır. Sitrik asit bu tortuyla tepkimeye girerek suda çözünen kalsiyum sitrat, su ve karbondioksit oluşturur. Çaydanlıkta gördüğünüz hafif köpürme bu karbondioksittir. Sıcaklık tepkimeyi hızlandırdığı için karışımı kaynatmak süreyi kısaltır.</p>
<h2>Ne kadar limon tuzu kullanmalı?</h2>
<p>Temel ölçü şu: 1 litre suya 1–2 yemek kaşığı limon tuzu. Bir yemek kaşığı limon tuzu yaklaşık 15 gram gelir.</p>
<ul>
<li><strong>Hafif kireç:</strong> 1 litre suya 1 yemek kaşığı (15 g)</li>
<li><strong>Orta kalınlıkta kireç:</strong> 1 litre suya 1,5 yemek kaşığı</li>
<li><strong>Kalın, katman katman kireç:</strong> 1 litre suya 2 yemek kaşığı (30 g)</li>
</ul>
<p>2,5 litrelik büyük bir çaydanlıkta tabanı ve kireçli kenarları örtecek kadar, genellikle 1,5 litre su kullanmak yeterlidir; ölçüyü buna göre artırın.</p>
<h2>Adım adım limon tuzuyla temizlik</h2>
<ol>
<li>Çaydanlığa kireçli bölgeleri örtecek kadar su koyun.</li>
<li>Limon tuzunu ekleyip bir kaşıkla karıştırın.</li>
<li>Karışımı kaynatın ve altını kapatın.</li>
<li>15–20 dakika bekletin. Bu sürede kirecin büyük kısmı çözülür, kalan parçalar süngerle kolayca çıkar.</li>
<li>Karışımı dökün, çaydanlığı bol suyla durulayın.</li>
<li>Bir kez temiz su kaynatıp dökün.</li>
</ol>
<h3>Elektrikli kettle'da limon tuzu</h3>
<p>Kettle'ın maksimum çizgisini geçmeyecek şekilde su doldurun, limon tuzunu ekleyin ve cihazı bir kez çalıştırın. Kaynadıktan sonra 15–20 dakika bekletip boşaltın. Kettle'ın ağzındaki tel süzgeci çıkarıp ayrı bir kapta aynı karışımda bekletebilirsiniz.</p>
<h2>Limon tuzu mu, sirke mi?</h2>
<p>İkisi de kireci çözer ama farklar belirgin. Sirke için 30–60 dakika beklemeniz ve kokunun gitmesi için en az iki kez temiz su kaynatmanız gerekir. Limon tuzu ise 15–20 dakikada iş görür ve koku bırakmaz. Taze limon suyu da sitrik asit içerir, ancak oranı yüzde 5–6 civarında olduğu için kalın kireçte yetersiz kalır.</p>
<h2>Demlik ve çay makinesi için</h2>
<p>Porselen ya da çelik demlikte biriken kahverengi lekeler kireç değil, çaydaki tanendir. Bunlar için limon tuzu yerine bir yemek kaşığı karbonatla kaynatmak daha iyi sonuç verir. Çay makinelerinde ise alt hazneye 1 litre su ve 1 yemek kaşığı limon tuzu koyup makineyi bir tur çalıştırın, 20 dakika bekletip boşaltın ve ardından yalnızca suyla bir tur daha çalıştırın.</p>
<h2>Sık yapılan hatalar</h2>
<ul>
<li><strong>Ölçüyü abartmak:</strong> Bir litre suya avuç avuç limon tuzu koymak işi hızlandırmaz, yalnızca çeliği matlaştırabilir.</li>
<li><strong>Alüminyumda uzun bekletmek:</strong> Alüminyum çaydanlıklarda asitli karışımı 15 dakikadan fazla bırakmayın; yüzeyde lekeler ve oyuklar oluşabilir.</li>
<li><strong>Çamaşır suyuyla karıştırmak:</strong> Limon tuzunu asla çamaşır suyu ya da başka temizlik ürünleriyle birlikte kullanmayın.</li>
<li><strong>Durulamayı atlamak:</strong> Asit kalıntısı çayın tadını değiştirir; en az bir kez temiz su kaynatın.</li>
</ul>
<h3>Limon tuzu nereden alınır?</h3>
<p>Marketlerin baharat ve pasta malzemeleri reyonunda küçük paketler hâlinde, aktarlarda ise açık olarak satılır. Gıdaya uygun olduğunu gösteren etiketi olan ürünleri tercih edin; temizlik için ayrı bir ürün almanıza gerek yoktur. Nemden etkilenip topaklandığı için ağzı sıkı kapanan bir kavanozda saklayın.</p>
<p>Limon tuzunun kilosu aktarlarda ve marketlerde birkaç yüz lira civarındadır; bir temizlikte 15–30 gram kullandığınızı düşünürsek bir paket yıllarca yeter.</p>`,
};

const sertSu: CorpusPage = {
  url: "https://www.susertligi.example.invalid/sert-su-ve-caydanlik-kireci",
  title: "Sert Su Neden Kireç Yapar? Çaydanlıkta Kireç Oluşumunu Azaltmanın Yolları",
  html: `<p>Çaydanlığınızdaki kireç, temizlik alışkanlıklarınızla değil musluğunuzdan akan suyla ilgilidir. Aynı marka çaydanlığı kullanan iki aileden biri her ay kireç sökerken diğerinin hiç uğraşmaması bu yüzdendir. Suyun sertliğini anlamak, kirecin neden bu kadar hızlı oluştuğunu da açıklar.</p>
<h2>Suyu sert yapan nedir?</h2>
<p>Yağmur suyu kireç taşı ve tebeşir gibi kayaçların arasından süzülürken kalsiyum ve magnezyum çözer. Suda bu minerallerden ne kadar çok varsa su o kadar serttir. Türkiye'de su sertliği genellikle Fransız sertlik derecesiyle (°fS) ifade edilir. 1 Fransız sertlik derecesi, litrede 10 miligram kalsiyum karbonata karşılık gelir. Yaygın sınıflandırma şöyledir:</p>
<ul>
<li>0–7 °fS: çok yumuşak</li>
<li>7–14 °fS: yumuşak</li>
<li>14–22 °fS: orta sert</li>
<li>22–32 °fS: oldukça sert</li>
<li>32–54 °fS: sert</li>
<li>54 °fS üzeri: çok sert</li>
</ul>
<p>Kireç taşı bakımından zengin bölgelerde, özellikle kuyu ve kaynak sularında sertlik 30 °fS'yi rahatlıkla aşabilir. Oturduğunuz yerin değerini belediyenizin su idaresinin yayımladığı analiz raporlarından öğrenebilirsiniz.</p>
<h3>Farklı birimler</h3>
<p>Yabancı kaynaklarda başka birimlerle de karşılaşırsınız. mg/L ile ppm aynı şeyi anlatır; 1 Alman sertlik derecesi (°dH) ise yaklaşık 17,8 mg/L kalsiyum karbonata eşittir.</p>
<h3>Sert su sağlığa zararlı mı?</h3>
<p>Hayır. Dünya Sağlık Örgütü sert suyun sağlığa zarar verdiğine dair güçlü bir kanıt bulunmadığını belirtiyor; üstelik sudaki kalsiyum ve magnezyum günlük mineral ihtiyacınıza katkı sağlar. Sert suyun asıl zararı cihazlara, tesisata ve çayın tadınadır. Sert suyla demlenen çayın üstünde oluşan o ince zar da büyük ölçüde bu minerallerden kaynaklanır.</p>
<h2>Kireç neden en çok çaydanlıkta birikir?</h2>
<p>Soğuk suda çözünmüş hâlde duran kalsiyum bikarbonat, ısıtıldığında çözünmeyen kalsiyum karbonata dönüşür ve en sıcak yüzeye, yani çaydanlığın tabanına ya da kettle'ın ısıtıcı plakasına çöker. Her kaynatma yeni ve ince bir katman ekler. Günde birkaç demlik çay içilen bir evde bu katmanlar birkaç hafta içinde gözle görülür bir kabuğa dönüşür.</p>
<h2>Kireç gerçekten enerji israfına yol açar mı?</h2>
<p>Kireç, ısıtıcı ile su arasında yalıtkan bir tabaka gibi davranır. Bazı kaynaklara göre kalın bir kireç tabakası enerji tüketimini yüzde 20'ye varan oranda artırabiliyor. Çaydanlıkta bu kayıp faturaya büyük bir kalem olarak yansımaz, ama suyun geç kaynadığını ve kettle'ın daha gürültülü çalıştığını fark edersiniz. Kalın kireç, ısıtıcı rezistansın ömrünü de kısaltır.</p>
<h2>Sert suda çaydanlık kireci nasıl temizlenir?</h2>
<p>Hafif bir asit kalsiyum karbonatı çözer. Evde en güvenilir iki yöntem şunlardır:</p>
<ol>
<li><strong>Limon tuzu:</strong> 1 litre suya 1–2 yemek kaşığı, kaynatıp 15–20 dakika bekletin.</li>
<li><strong>Beyaz sirke:</strong> yarı yarıya suyla karıştırın, kaynatıp 30–60 dakika bekletin.</li>
</ol>
<p>Ardından iyice durulayıp bir iki kez temiz su kaynatın. Suyunuz sertse bu işlemi ayda bir tekrarlamayı planlayın.</p>
<h2>Kireç oluşumunu azaltmanın yolları</h2>
<ul>
<li><strong>Çaydanlığı boşaltın.</strong> İçinde bekleyen su soğurken de kireç bırakmaya devam eder.</li>
<li><strong>İhtiyacınız kadar su kaynatın.</strong> Daha az su, daha az mineral demektir.</li>
<li><strong>Filtreli sürahi kullanın.</strong> İyon değiştirici kartuşlar geçici sertliği azaltır; kartuşu yaklaşık dört haftada bir değiştirin.</li>
<li><strong>Arıtma cihazını değerlendirin.</strong> Tezgâh altı bir arıtma cihazının fiyatı, kurulumla birlikte 15.000 TL'yi bulabilir; ancak çamaşır ve bulaşık makinenizi de kireçten korur.</li>
</ul>
<p>Bu önlemlerin hiçbiri kireci tamamen ortadan kaldırmaz, ama temizlikler arasındaki süreyi belirgin biçimde uzatır. Çaydanlığı her akşam boşaltıp ters çevirmek bile bir fark yaratır.</p>
<p>Suyunuzun sertliğini merak ediyorsanız eczanelerde ve yapı marketlerde satılan test çubuklarıyla birkaç dakikada ölçebilirsiniz. Ayrıntılar için <a href="https://www.susertligi.example.invalid/su-sertligi-olcumu">su sertliği ölçüm rehberimize</a> göz atın.</p>`,
};

const dogalYontemler: CorpusPage = {
  url: "https://annemintavsiyeleri.example.invalid/caydanlik-kireci-dogal-yontemler",
  title: "Çaydanlıktaki Kireç İçin 5 Doğal Yöntem (Annemden Öğrendiklerim)",
  html: `<p>Annem her pazar akşamı çaydanlığa bir kupa sirke döker, bütün ev ertesi öğlene kadar turşu gibi kokardı. Kendi evime taşındıktan sonra kulaktan dolma ne kadar doğal yöntem varsa denedim. Bazıları gerçekten işe yaradı, bazıları ise tamamen vakit kaybıydı. Aşağıda en hafifinden en güçlüsüne doğru, denemeye değer beş yöntemi sıraladım.</p>
<h2>1. Karbonat</h2>
<p>Karbonat asidik değil bazik bir maddedir, bu yüzden kalın kireci çözmez. Asıl işe yaradığı yer hafif lekeler ve bayat kokulardır. Dolu bir çaydanlığa 1 yemek kaşığı karbonat ekleyin, kaynatın ve 20 dakika bekletip iyice durulayın. Porselen demlikteki çay lekeleri için de birebirdir. Bunu kireç sökücü değil, bakım olarak düşünün.</p>
<h2>2. Limon ya da limon kabuğu</h2>
<p>Limonda sitrik asit vardır ve çaydanlığı turşu değil, ferah bir koku ile bırakır. Yarıya kadar su dolu çaydanlığa bir limonu sıkın, kabuklarını da içine atın, kaynatıp bir saat bekletin. İnce ve yeni oluşmuş kireçte gayet iyi sonuç verir. Aylardır ilgilenilmemiş bir çaydanlıkta ise hayal kırıklığına uğrarsınız.</p>
<h2>3. Patates kabuğu</h2>
<p>Anneannemin yöntemi: çaydanlığı patates kabuğu ve suyla doldurup kaynatmak. Dürüst olayım, kalın kireçte neredeyse hiç etkisi olmadı. İnce, yeni oluşmuş bir tabakayı hafifçe yumuşatıyor, o kadar. Yine de elinizde başka bir şey yoksa zararı da yok.</p>
<h3>Kola işe yarar mı?</h3>
<p>İnternette sık sık karşıma çıktığı için bunu da denedim. Kolanın içindeki fosforik asit kireçle gerçekten tepkimeye giriyor; kireçli bölgeyi örtecek kadar kola koyup kaynattım ve 30 dakika beklettim. Sonuç fena değildi, ama yapış yapış bir çaydanlık ve sirkeden pahalı bir temizlik oldu. Şekerin gitmesi için de üç kez durulamam gerekti. Başka seçeneğiniz yoksa düşünün.</p>
<h2>4. Beyaz sirke</h2>
<p>Klasik yöntem. Sirke ve suyu eşit oranda karıştırın, çaydanlığı yarısına kadar doldurun, kaynatın ve 30 dakika ile 1 saat arasında bekletin. Boşaltıp iki kez temiz su kaynatın. Ucuz ve etkili, ama kokusu çok güçlü; işe başlamadan önce pencereyi açın.</p>
<h3>Elma sirkesi ya da üzüm sirkesi olur mu?</h3>
<p>Olur, ama beyaz sirke hem daha ucuz hem de renk ve koku bırakmaz. Hangisini kullanırsanız kullanın, etiketteki asitliğin yüzde 4–5 civarında olmasına dikkat edin.</p>
<h2>5. Limon tuzu</h2>
<p>Açık ara favorim. Limondaki asidin kendisi, ama konsantre ve kokusuz. 1 litre suya 1–2 yemek kaşığı limon tuzu karıştırın, kaynatın ve 15 dakika kadar bekletin. Kireç tabaka tabaka kalkıyor. Aktarlarda, marketlerin baharat reyonunda bulabilirsiniz; hazır kireç çözücülerin birçoğunun içinde de aynı madde var, üstelik çok daha pahalıya.</p>
<h2>Peki ya dışı?</h2>
<p>Çelik çaydanlıkların dışında su lekeleri ve parmak izleri kalır. Sulandırılmış sirkeyle nemlendirilmiş bir bezle silip ardından kuru bir mikrofiber bezle parlatın. Fırçalanmış çelik yüzeylerde aşındırıcı krem kullanmayın; ince çizikler bırakır ve kir bu çiziklere dolar.</p>
<h2>Benim düzenim</h2>
<ul>
<li>Her akşam: çaydanlıkta su bırakmıyorum, boşaltıp ters çeviriyorum.</li>
<li>Ayda bir: limon tuzuyla kireç temizliği, çünkü suyumuz oldukça sert.</li>
<li>Demlik kokmaya başladığında: karbonatla kaynatma.</li>
</ul>
<p>Annemin pazar akşamı sirke geleneğini bıraktım belki, ama ondan öğrendiğim asıl şeyi sürdürüyorum: kireci biriktirmeden, azken temizlemek. Kalınlaşmış kireç hem daha çok emek hem de daha çok malzeme istiyor.</p>
<p>Ayda yirmi dakikamı alıyor ve çayımızın üstünde o yağlı görünen zar artık oluşmuyor. Suyunuz yumuşaksa iki üç ayda bir yapmanız yeterli olacaktır.</p>`,
};

const sss: CorpusPage = {
  url: "https://www.kucukevaletleri.example.invalid/kettle-ve-caydanlik-kireci-sss",
  title: "Kettle ve Çaydanlık Kireci: Sık Sorulan Sorular",
  html: `<p>Küçük ev aletleri servisimize "bozuldu" diye getirilen kettle ve çay makinelerinin şaşırtıcı bir kısmında sorun aslında kireç. Müşterilerimizden en sık duyduğumuz soruları ve yanıtlarını bir araya getirdik.</p>
<h2>Çaydanlığın kireçlendiğini nasıl anlarım?</h2>
<p>İçine bakın. Tabanda ya da ısıtıcı plakada beyaz veya krem renkli bir kabuk, iç yüzeyde pürüzlü bir his ya da bardakta beyaz pulcuklar varsa temizlik zamanı gelmiştir. Kettle'ın eskisinden daha gürültülü çalışması, suyun geç kaynaması ya da cihazın su tam kaynamadan kapanması da kireç belirtisidir. Sonuncusu, termostatın çevresindeki kirecin otomatik kapanma düzeneğini şaşırtmasından kaynaklanır.</p>
<h2>Ne sıklıkla kireç temizliği yapmalıyım?</h2>
<p>Sert su kullanılan bölgelerde dört haftada bir, yumuşak su kullanılan bölgelerde ise üç ayda bir genellikle yeterlidir. Kettle'ı günde on kez çalıştırıyorsanız bu aralıkları kısaltın.</p>
<h2>En iyi kireç çözücü hangisi?</h2>
<p>Çoğu cihaz için limon tuzunu öneriyoruz: 1 litre suya yaklaşık 25–30 gram, yani 2 yemek kaşığı. Kaynatıp 15 ile 30 dakika arasında bekletin. Suyla yarı yarıya karıştırılmış beyaz sirke de işe yarar, ama daha uzun sürer ve kokusu kalır. Hazır kireç çözücü poşetlerinin içinde genellikle sitrik, sülfamik ya da laktik asit bulunur; paketin üzerindeki talimata uyun.</p>
<h2>Gizli rezistanslı kettle'da kireç temizlenir mi?</h2>
<p>Evet. Yeni elektrikli kettle'ların çoğunda ısıtıcı, paslanmaz çelik düz bir tabanın altına gizlenmiştir. Kireç açıkta duran bir rezistans yerine bu plakada birikir ve temizlemesi daha kolaydır. Bıçakla kazımayın; asitli karışım ve yumuşak bir bez yeterli.</p>
<h2>Cam kettle'da sirke kullanılır mı?</h2>
<p>Evet, cam sirkeden ya da limon tuzundan etkilenmez. Dikkat edilmesi gereken yerler plastik contalar ve süzgeçtir. Saf sirkeyi hiçbir kettle'da birkaç saatten uzun bekletmeyin; kauçuk contaları zamanla bozabilir.</p>
<h2>Asla yapılmaması gerekenler</h2>
<ul>
<li>Kettle'ın gövdesini ya da elektrik tabanını suya batırmak</li>
<li>Kireci çamaşır suyu, fırın temizleyici ya da lavabo açıcıyla çıkarmaya çalışmak</li>
<li>Tabanı metal kaşıkla, tel fırçayla veya çelik yünüyle kazımak</li>
<li>Kettle'ı susuz çalıştırmak; su her zaman minimum çizginin üzerinde olmalı</li>
<li>Farklı temizlik ürünlerini birbirine karıştırmak</li>
</ul>
<h2>Kettle'ın kireç süzgeci nasıl temizlenir?</h2>
<p>Kettle'ların çoğunun ağız kısmında çıkarılabilir bir tel süzgeç bulunur. Süzgeci çıkarıp bir kupa saf sirkede ya da koyu bir limon tuzu karışımında 30 dakika bekletin, ardından eski bir diş fırçasıyla nazikçe fırçalayın. Tel yırtılmışsa yedek süzgeçler ucuzdur ve genellikle üreticiden temin edilebilir.</p>
<h2>Kireç temizliği kapanmayan kettle'ı düzeltir mi?</h2>
<p>Çoğu zaman evet. Termostatı ya da buhar kanalını kaplayan kireç temizlendiğinde cihaz yeniden normal kapanmaya başlar. İki temizlikten sonra da sorun sürüyorsa termostatın değişmesi gerekebilir. Kettle şebeke geriliminde çalıştığı için bu iş yetkili servise bırakılmalıdır. Onarım masrafı yeni bir kettle'ın fiyatına yaklaşıyorsa, ki orta sınıf bir kettle bugün 1.000 TL civarında, değiştirmek daha mantıklı olabilir.</p>
<h2>Çay makinesinin kirecini nasıl temizlerim?</h2>
<p>Çay makinelerinde kireç en çok alt haznedeki ısıtıcıda birikir. Hazneye 1 litre su ve 1–2 yemek kaşığı limon tuzu koyun, makineyi kaynatma modunda bir kez çalıştırın ve 20 dakika bekletin. Karışımı döktükten sonra makineyi yalnızca temiz suyla bir iki tur daha çalıştırın. Üst demliği bu sırada ayrıca yıkayın.</p>
<h2>Kireçli su sağlığa zararlı mı?</h2>
<p>Hayır. Kalsiyum ve magnezyum zaten besinlerle aldığımız minerallerdir. Kireç temizliği sağlık için değil; çayın tadı, cihazın verimi ve ömrü için yapılır.</p>`,
};

const article: CorpusPage = {
  url: "https://www.ourarticle.example.invalid/caydanlik-kireci-nasil-temizlenir",
  title: "Çaydanlık Kireci Nasıl Temizlenir? Sirke, Limon Tuzu ve Limonla Adım Adım",
  html: `<p>Sert suyun her gün kaynatıldığı bir çaydanlıkta kireç şaşırtıcı bir hızla birikir. Temizlenmediğinde suyun kaynamasını yavaşlatır, çaya pul pul karışır ve cihazın ömrünü kısaltır. Çözümü ise ucuz ve bir saatten kısa: hafif bir asit, biraz ısı ve iyi bir durulama. Aşağıda çaydanlık kireci nasıl temizlenir sorusunu üç denenmiş yöntemle, ne sıklıkla uygulanacağıyla ve kirecin geri gelmesini önlemenin yollarıyla yanıtlıyoruz.</p>
<h2>Kireç neden oluşur?</h2>
<p>Sert suda çözünmüş kalsiyum ve magnezyum bulunur. Su ısındığında kalsiyum bikarbonat, çözünmeyen kalsiyum karbonata dönüşür ve çaydanlığın tabanına, kenarlarına çöker. Türkiye'de su sertliği Fransız sertlik derecesiyle ölçülür; 1 °fS litrede 10 mg kalsiyum karbonat demektir. 22 °fS'nin üzerindeki sular oldukça sert sayılır ve bu bölgelerde gözle görülür kireç iki üç hafta içinde oluşabilir.</p>
<h2>1. Yöntem: Sirkeyle kireç temizliği</h2>
<ol>
<li>Çaydanlığı yarısına kadar, yarı yarıya beyaz sirke ve su karışımıyla doldurun.</li>
<li>Karışımı kaynatın ve ocağı kapatın.</li>
<li>30–60 dakika bekletin; inatçı kireçte bir gece bırakabilirsiniz.</li>
<li>Boşaltın, içini yumuşak bir süngerle silin ve durulayın.</li>
<li>Kokunun gitmesi için iki kez temiz su kaynatıp dökün.</li>
</ol>
<p>Asitliği yüzde 5 civarında olan beyaz sirke kullanın. Etkili ve her yerde bulunur, ama üç yöntem içinde en yavaşı ve en kokulusudur.</p>
<h2>2. Yöntem: Limon tuzuyla kireç temizliği</h2>
<ol>
<li>Çaydanlıkta 1 litre suya 1–2 yemek kaşığı (15–30 g) limon tuzu karıştırın.</li>
<li>Kaynatın ve 15–20 dakika bekletin.</li>
<li>Karışımı dökün; kirecin çoğu bu sürede çözülmüş olur.</li>
<li>Durulayın, bir kez temiz su kaynatıp dökün.</li>
</ol>
<p>Limon tuzu kokusuzdur, hızlıdır ve piyasadaki birçok kireç çözücünün etken maddesidir. Karşılaştırmalı denemelerde genellikle sirkeden daha kısa sürede daha fazla kireç söker.</p>
<h2>3. Yöntem: Limon</h2>
<p>Yarısına kadar su dolu çaydanlığa bir iki limon sıkın, kabuklarını da ekleyin, kaynatıp bir saat bekletin. Limon suyunda yalnızca yüzde 5 civarında sitrik asit bulunduğu için bu yöntem kalın kireçten çok düzenli, hafif bakım için uygundur.</p>
<h3>Karbonat işe yarar mı?</h3>
<p>Karbonat bazik olduğu için kireci etkili biçimde çözmez. Bayat kokan bir çaydanlığı ya da çay lekeli bir demliği tazelemek için kullanışlıdır, kireç sökmek için değil.</p>
<h2>Çaydanlık ne sıklıkla temizlenmeli?</h2>
<ul>
<li><strong>Sert ve çok sert su (32 °fS üzeri):</strong> dört haftada bir</li>
<li><strong>Oldukça sert su (22–32 °fS):</strong> 4–6 haftada bir</li>
<li><strong>Orta sert ya da yumuşak su:</strong> 2–3 ayda bir</li>
</ul>
<p>Çaydanlık gürültülü çalışmaya başladıysa, su geç kaynıyorsa ya da kettle erken kapanıyorsa takvimi beklemeden temizleyin.</p>
<h2>Süzgeç ve dış yüzey</h2>
<p>Emzikteki tel süzgeci çıkarıp sirkede ya da limon tuzlu suda 30 dakika bekletin, ardından eski bir diş fırçasıyla fırçalayın. Dış yüzeyi nemli bir bezle silin; biraz sulandırılmış sirke çelik yüzeydeki su lekelerini giderir.</p>
<h3>Demlik ve çay makinesi</h3>
<p>Demlikteki kahverengi lekeler kireç değil tanendir; bunları karbonatla kaynatarak giderin. Çay makinesinde alt hazneye limon tuzlu su koyup makineyi bir tur çalıştırın, ardından yalnızca temiz suyla bir tur daha kaynatın.</p>
<h2>Güvenlik için kontrol listesi</h2>
<ul>
<li>Elektrikli kettle'ı boşaltmadan ve temizlemeden önce fişten çekin.</li>
<li>Kettle'ı ya da tabanını asla suya batırmayın.</li>
<li>Çelik yünü, çamaşır suyu ya da fırın temizleyici kullanmayın.</li>
<li>Alüminyum çaydanlıklarda zayıf bir karışım kullanın ve asidi 15 dakikadan fazla bekletmeyin.</li>
</ul>
<h2>Kireç oluşumu nasıl önlenir?</h2>
<p>Çaydanlığı her kullanımdan sonra boşaltın, yalnızca ihtiyacınız kadar su kaynatın ve suyunuz çok sertse filtreli sürahi kullanın. Kalın kirecin enerji tüketimini yüzde 20'ye kadar artırabildiği düşünülürse düzenli temizlik cebinize de iyi gelir. Ayda bir yapılan bir temizlikle en sert suyun olduğu bölgelerde bile çaydanlığınız yıllarca temiz kalır ve çabuk kaynar.</p>`,
};

export const TOPIC: CorpusTopic = {
  language: "tr",
  keyword: "çaydanlık kireci nasıl temizlenir",
  sources: [sirkeAdimlar, limonTuzu, sertSu, dogalYontemler, sss],
  article,
};
