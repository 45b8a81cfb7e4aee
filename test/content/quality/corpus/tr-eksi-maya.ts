// Calibration corpus, Turkish: "ekşi maya nasıl yapılır". Five independent top pages and one article.
// Written for this test corpus; no licence restrictions (CC0).
import type { CorpusPage, CorpusTopic } from "./types";

const gunGun: CorpusPage = {
  url: "https://www.evdeekmek.example.invalid/eksi-maya-nasil-yapilir",
  title: "Ekşi Maya Nasıl Yapılır? Gün Gün Ekşi Maya Tarifi",
  html: `<p>Ekşi maya, yalnızca un ve sudan oluşan ama içinde doğal mayalar ve laktik asit bakterileri barındıran canlı bir kültürdür. Marketten aldığınız instant mayanın aksine ekşi mayayı evde sıfırdan üretirsiniz ve bunun için bir haftalık sabır çoğu zaman yeterlidir. Hiçbir şey satın almanıza gerek yok; mikroorganizmalar zaten unun içinde, mutfağınızın havasında ve ellerinizde. Bu yazıda ekşi maya nasıl yapılır sorusunu gün gün, ölçüleriyle birlikte anlatıyoruz.</p>
<h2>Ekşi maya için gerekli malzemeler</h2>
<ul>
<li>İlk günler için tam buğday unu veya çavdar unu</li>
<li>Maya oturduktan sonra beyaz ekmeklik un</li>
<li>Oda sıcaklığında, klorsuz su</li>
<li>En az 1 litrelik, geniş ağızlı bir cam kavanoz</li>
<li>Mutfak terazisi (su bardağıyla ölçmek bu iş için fazla kaba kalır)</li>
</ul>
<p>Şebeke suyu kullanacaksanız suyu bir gece önceden ağzı açık bir kapta bekletin; böylece klorun büyük kısmı uçar. Klor, genç bir mayanın gelişimini belirgin biçimde yavaşlatabilir.</p>
<h2>1. gün: Un ve suyu karıştırın</h2>
<p>Kavanoza 50 gram tam buğday unu ve 50 gram su koyun, kuru un kalmayacak şekilde iyice karıştırın. Kıvamı koyu bir krep hamurunu andırmalı. Kavanozun kenarlarını bir spatulayla sıyırın ve ağzını sıkıca kapatmayın; bir tülbent ya da gevşek bırakılmış bir kapak yeterli olur. Kavanozu 24–27 °C arasında, sıcak bir köşede bekletin. Kışın fırının yalnızca lambasını yakıp kavanozu içine koyabilirsiniz.</p>
<h2>2. ve 3. gün: İlk kabarcıklar ve sahte kabarma</h2>
<p>İkinci gün karışımın yüzeyinde küçük kabarcıklar görebilirsiniz. Bazen karışım bir anda ikiye katlanır, ertesi gün ise tamamen söner. Bu hareketlilik mayanın değil, ortam henüz asitlenmeden çoğalan bakterilerin işidir. Kokusu da pek hoş olmayabilir; eski peynir ya da spor çantası gibi koktuğunu fark ederseniz telaşlanmayın, bu tamamen normal.</p>
<p>Her gün karışımdan 50 gram ayırın ve geri kalanını atın. Ayırdığınız kısmın üzerine 50 gram un ve 50 gram su ekleyip karıştırın. Hiçbir hareket görmeseniz bile bu beslemeyi aksatmayın.</p>
<h2>4–7. gün: Günde iki besleme</h2>
<p>Karışım durulup kokusu ekşimeye başladığında mayalar yavaş yavaş hâkimiyeti ele alıyor demektir. Dördüncü günden itibaren mayanızı günde iki kez, yaklaşık 12 saat arayla besleyin. Besleme oranı 1:1:1 olmalı; yani 50 gram mayaya 50 gram un ve 50 gram su. Bu aşamada beyaz una geçebilir ya da unun dörtte birini tam buğday olarak bırakabilirsiniz.</p>
<ol>
<li>Mayayı karıştırın ve temiz bir kavanoza 50 gram tartın.</li>
<li>Üzerine 50 gram ılık su ekleyip mayayı suda açın.</li>
<li>50 gram unu ekleyerek koyu, pürüzsüz bir karışım elde edin.</li>
<li>Kavanozun dışına bir lastik geçirerek seviyeyi işaretleyin ve saati not edin.</li>
</ol>
<p>Beşinci ile yedinci gün arasında belirgin bir düzen oturur: maya kabarır, kubbe yapar, sonra yavaşça iner ve kavanozun camında izler bırakır.</p>
<h2>Mayanın hazır olduğunu nasıl anlarsınız?</h2>
<p>Ekşi mayanız beslendikten sonra 4–8 saat içinde hacmini ikiye katlıyorsa, içi baştan sona kabarcıklıysa ve yoğurdu andıran hoş, ekşi bir kokusu varsa hazırdır. Emin olmak için su testini de yapabilirsiniz: bir çay kaşığı mayayı bir bardak suya bırakın. Maya suyun yüzeyinde kalıyorsa içinde hamuru kabartacak kadar gaz vardır. Dibe batıyorsa bir iki besleme daha yapın. Bu test özellikle yoğun ve yapışkan çavdar mayalarında her zaman doğru sonuç vermez, ama yeni başlayanlar için iyi bir kontroldür.</p>
<p>Serin bir mutfakta her şey daha yavaş ilerler. 20 °C'de maya zirveye ancak 10–12 saatte ulaşabilir ve bütün süreç iki haftaya kadar uzayabilir.</p>
<h2>Maya oturduktan sonra beslemeye devam</h2>
<p>İlk haftadan sonra işiniz epey kolaylaşır. Her gün ekmek yapıyorsanız mayayı tezgâhta tutup günde bir iki kez beslemeye devam edin. Haftada bir ekmek yapıyorsanız buzdolabında saklayıp haftada bir beslemeniz yeterli. Saklama yöntemlerini <a href="https://www.evdeekmek.example.invalid/eksi-maya-saklama">ekşi maya saklama rehberimizde</a> ayrıntılı anlattık. Besleme sırasında attığınız fazla mayayı çöpe dökmek yerine krep, kraker ya da pankekte değerlendirebilirsiniz.</p>`,
};

const beslemeOranlari: CorpusPage = {
  url: "https://mutfakdefteri.example.invalid/eksi-maya-besleme-oranlari",
  title: "Ekşi Maya Besleme Oranları: 1:1:1 mi, 1:5:5 mi?",
  html: `<p>Ekşi mayamı ilk yaptığım yıl kafamı en çok karıştıran şey besleme oranlarıydı. Kimi tarif "eşit miktarda un ve su ekleyin" diyor, kimi mayanın beş katı un öneriyordu. Aradan geçen dört yılda şunu öğrendim: tek bir doğru oran yok, sizin programınıza uyan bir oran var. Bu yazıda en sık kullanılan oranları, ne işe yaradıklarını ve kendi haftalık besleme düzenimi paylaşıyorum.</p>
<h2>Besleme oranları nasıl okunur?</h2>
<p>Besleme oranı her zaman ağırlıkça ve "maya : un : su" sırasıyla yazılır. 1:1:1 dendiğinde 50 gram mayaya 50 gram un ve 50 gram su eklediğinizi anlamalısınız. Un ile suyun eşit olması, mayanın yüzde 100 hidrasyonda tutulduğu anlamına gelir. Ölçüyü mutlaka terazide yapın; bir su bardağı un, nasıl doldurduğunuza göre 100 ile 130 gram arasında değişebilir ve bu fark mayanın kıvamını tamamen değiştirir.</p>
<h2>En çok kullanılan üç oran</h2>
<h3>1:1:1 – klasik besleme</h3>
<p>Mayayı 24–27 °C arasında tutuyorsanız 1:1:1 oranında beslenen maya 4–6 saat içinde zirveye ulaşır. Gün boyu evdeyseniz ve sabah beslediğiniz mayayı öğleden sonra hamura katmak istiyorsanız en pratik seçenek budur.</p>
<h3>1:2:2 – biraz daha zaman kazandırır</h3>
<p>25 gram mayaya 50 gram un ve 50 gram su eklersiniz. Mayanın önündeki yiyecek arttığı için zirveye ulaşması 6–8 saati bulur. Sabah işe çıkarken beslediğim maya, akşam eve döndüğümde tam kıvamında oluyor.</p>
<h3>1:5:5 – gece beslemesi</h3>
<p>10 gram mayaya 50'şer gram un ve su. Mayanın zirve yapması 10–12 saat sürer, tadı da belirgin biçimde daha yumuşak olur. Akşam yatmadan önce besleyip sabah hamur yoğurmak isteyenler için biçilmiş kaftan.</p>
<h2>Sıcaklık her şeyi değiştirir</h2>
<p>Aynı oran yazın ve kışın bambaşka sonuç verir. Benim mutfağım temmuzda 27 dereceyi bulurken ocakta 19 dereceye kadar iniyor. Yazın 4 saatte ikiye katlanan maya, kışın aynı 1:1:1 beslemeyle ancak 10 saatte zirveye çıkıyor. Kışın besleme suyunu yaklaşık 30 °C'ye ısıtmak ve kavanozu kombinin yakınında tutmak işimi epey kolaylaştırdı. 30 derecenin üzerinde ise maya hızla ekşir, sulanır ve çabuk söner; bu yüzden yazın sıcak günlerinde 1:5:5 oranına geçiyorum.</p>
<h2>Benim haftalık besleme düzenim</h2>
<ol>
<li>Pazartesiden perşembeye kadar maya buzdolabında duruyor, dokunmuyorum.</li>
<li>Cuma sabahı buzdolabından çıkarıp 1:2:2 oranında besliyorum.</li>
<li>Cuma akşamı 1:1:1 oranında ikinci beslemeyi yapıyorum.</li>
<li>Cumartesi sabahı zirvedeki mayayla hamuru yoğuruyor, kavanozda kalan mayayı besleyip buzdolabına geri koyuyorum.</li>
</ol>
<p>Bu düzenle haftada en fazla 200 gram un harcıyorum. Mayayı tezgâhta tutup günde iki kez 50'şer gramla beslediğim dönemde ise aylık un tüketimim 3 kilogramı buluyordu.</p>
<h2>Hangi unla beslemeli?</h2>
<p>Beyaz ekmeklik un yumuşak aromalı, temiz kokulu bir maya verir. Tam buğday unu, kepekteki mineraller ve enzimler sayesinde mayayı daha hızlı kabartır. Tembelleşen bir mayayı canlandırmak istiyorsanız unun yüzde 10–20'sini tam çavdar unuyla değiştirin; genellikle iki üç beslemede gözle görülür bir hareketlenme olur.</p>
<h2>Atılan maya ne olacak?</h2>
<p>Her beslemede mayanın bir kısmını atmak ilk başta israf gibi gelebilir. Ben bu fazlayı buzdolabında ayrı bir kavanozda biriktiriyorum ve haftada bir krep, kraker ya da gözleme hamuruna katıyorum. Böylece hem un boşa gitmiyor hem de kahvaltıya hafif ekşi bir tat geliyor.</p>
<h2>Bir sonraki besleme ne zaman?</h2>
<p>Saatten çok mayanızın görüntüsüne güvenin. Zirvedeki maya kubbe gibi kabarmış, hacmi iki katına çıkmış ve içi havayla dolmuş görünür. Kubbe çöküp yüzey kırışmaya başladıysa beslenme zamanı gelmiş demektir. Üstte grimsi bir sıvı birikiyorsa mayanız acıkmış; onu daha sık ya da daha bol besleyin. Zirvesini sürekli saatlerce geçen bir maya zamanla tembelleşir ve fazla asitlenir.</p>`,
};

const sorunlar: CorpusPage = {
  url: "https://www.firinci.example.invalid/blog/eksi-maya-neden-kabarmiyor",
  title: "Ekşi Maya Neden Kabarmıyor? 7 Yaygın Sorun ve Çözümü",
  html: `<p>Fırınımızda on beş yıldır ekşi mayayla ekmek yapıyoruz ve atölyelerimize katılanların en sık sorduğu soru hep aynı: "Mayam neden kabarmıyor?" İyi haber şu ki ekşi maya sanıldığından çok daha dayanıklı. Aşağıdaki sorunların neredeyse hepsinin nedeni sıcaklık, un ya da zamanlamadır ve çoğu bir iki günde düzelir.</p>
<h2>1. Maya hiç kabarmıyor</h2>
<p>Önce sıcaklığa bakın. 18–19 derecede duran bir maya ölü gibi görünebilir, oysa yalnızca yavaştır. Kavanozu 24–27 °C arasındaki bir yere taşıyın ve birkaç gün sabredin. Ardından ununuzu kontrol edin: çok ağartılmış beyaz unlarda hem mikroorganizma hem de besin daha azdır. Her beslemeye bir kaşık tam çavdar ya da tam buğday unu ekleyin. Son olarak suyunuzu düşünün; klorlu şebeke suyunu bir gece bekletmek ya da filtreli su kullanmak çoğu zaman sorunu çözer.</p>
<h2>2. İkinci gün kabardı, sonra durdu</h2>
<p>Buna sahte kabarma diyoruz. İlk günlerdeki hareketlilik, ortam asitlenmeden önce çoğalan Leuconostoc gibi bakterilerden kaynaklanır; karışım ekşidikçe bu bakteriler geri çekilir. Beslemeye aynı düzende devam edin. Gerçek maya faaliyeti genellikle 4. ile 7. gün arasında başlar. Bazı fırıncılar ilk iki gün su yerine şekersiz ananas suyu kullanarak ortamı daha hızlı asitlendirir.</p>
<h2>3. Mayanın üstünde gri bir sıvı birikti</h2>
<p>Bu sıvıya maya suyu ya da alkol tabakası denir; İngilizce kaynaklarda "hooch" diye geçer. Aç kalan mayaların ürettiği alkol ve sudan oluşur ve mayanın bozulduğunu değil, acıktığını gösterir. Daha hafif bir tat için dökebilir, daha ekşi bir tat için karıştırabilirsiniz. Kavanozu her açtığınızda bu tabakayla karşılaşıyorsanız mayayı daha sık besleyin ya da 1:2:2 gibi daha bol bir orana geçin.</p>
<h2>4. Aseton gibi kokuyor</h2>
<p>Oje çıkarıcıyı andıran keskin aseton kokusu da açlık belirtisidir ve genellikle 1:1:1 oranında yapılan iki üç düzenli beslemeden sonra kaybolur. Sağlıklı bir mayanın kokusu hoş, mayamsı ve ekşidir; yoğurt ile bira arasında bir yerde.</p>
<h2>5. Küf, pembe ya da turuncu lekeler</h2>
<p>Beyaz, yeşil ya da siyah tüylü küf lekeleri veya pembe, turuncu renk değişimi, mayanın istenmeyen mikroorganizmalarla bozulduğunu gösterir. Kurtarmaya çalışmayın. Mayanın tamamını atın, kavanozu kaynar suyla iyice temizleyin ve sıfırdan başlayın.</p>
<h2>6. Maya çok sulu</h2>
<p>Sulu maya genellikle fazla sıcakta kalmış ya da zirvesini çoktan geçmiştir. Bir sonraki beslemede suyu 10–20 gram azaltın veya protein oranı yüzde 12–13 olan güçlü bir ekmeklik unla besleyin. Tam tahıllı unlar suyu daha çok çektiği için daha koyu bir kıvam verir.</p>
<h2>7. Maya su testini geçiyor ama ekmek basık</h2>
<p>Su testi, yani bir kaşık mayanın suyun üstünde kalıp kalmadığına bakmak, yalnızca o anda mayanın içinde gaz olduğunu söyler. Mayanın hamuru saatlerce kabartacak güçte olup olmadığını göstermez. Mayayı zirvesindeyken kullanın; hamurun sıcaklığını ve mayalanma süresini de gözden geçirin.</p>
<h2>8. Ekmek fazla ekşi oluyor</h2>
<p>Ekşilik büyük ölçüde mayanın ne kadar asit biriktirdiğine bağlıdır. Daha yumuşak bir tat istiyorsanız mayayı zirvesine ulaşmadan biraz önce kullanın, 1:5:5 gibi daha seyreltik oranlarla besleyin ve hamuru buzdolabında uzun süre bekletmeyin. Daha ekşi bir ekmek istiyorsanız tersini yapın: mayayı daha katı tutun ve hamuru bir gece soğukta dinlendirin.</p>
<h3>Ne zaman baştan başlamalı?</h3>
<p>Sıcak bir ortamda iki hafta düzenli beslemeye rağmen hiçbir kabarma yoksa tam çavdar unuyla yeni bir maya başlatın. Çavdar unu ekşi maya için en affedici undur ve neredeyse hiç yüzüstü bırakmaz. Hâlâ takılırsanız <a href="https://www.firinci.example.invalid/atolye">ekşi maya atölyemize</a> bir göz atın.</p>`,
};

const hikaye: CorpusPage = {
  url: "https://www.anadolusofrasi.example.invalid/eksi-maya-hikayesi-ve-cavdar-mayasi",
  title: "Ekşi Mayanın Hikâyesi ve Evde Çavdar Unuyla Ekşi Maya Yapımı",
  html: `<p>Anneannemin köyünde ekmek mayası bir evden ötekine ödünç verilirdi. Hamur yoğrulduktan sonra bir parçası ayrılır, bir kâsede saklanır ve bir sonraki pişirimde yeni hamurun mayası olurdu. Bu "ekşi hamur", bugün ekşi maya dediğimiz şeyin ta kendisiydi. Hazır maya paketleri mutfaklarımıza girmeden önce Anadolu'da ekmek büyük ölçüde böyle kabartılırdı.</p>
<h2>Binlerce yıllık bir yöntem</h2>
<p>Fermente bir hamurla ekmek kabartmak, ticari mayadan çok daha eski bir tekniktir. Mısırlıların 3.000 yıldan uzun süre önce mayalı ekmek pişirdiği biliniyor; ekmek mayası ise ancak 19. yüzyılda yaygınlaştı. Amerika'da ekşi maya denince akla San Francisco gelir: şehirdeki Boudin Fırını 1849'dan bu yana aynı ana hamurdan türeyen mayayla ekmek yapıyor. Belçika'nın St. Vith kasabasındaki Puratos Ekşi Maya Kütüphanesi'nde ise dünyanın dört bir yanından gelen 100'den fazla maya soğutmalı dolaplarda saklanıyor ve her biri kendi yöresinin unuyla elde besleniyor.</p>
<h3>Nohut mayası da bir ekşi maya mı?</h3>
<p>Anadolu'nun kendine özgü bir başka doğal mayası da nohut mayasıdır. Ezilmiş nohut ılık suyla bir kavanoza konur, sıcak bir yerde 8–12 saat bekletilir ve yüzeyinde köpük oluşunca bu su hamura katılır. Nohut mayası daha çok çörek, simit ve nohut mayalı ekmekte kullanılır. Un ve suyla beslenerek yıllarca yaşatılan ekşi mayadan farklı olarak her pişirim için yeniden hazırlanır.</p>
<h2>Neden çavdar unu?</h2>
<p>Beyaz un büyük ölçüde buğday tanesinin nişastalı iç kısmından elde edilir. Çavdar unu ve tam buğday unu ise kepeği ve rüşeymi de içerir. Bu dış katmanlarda hem daha fazla yabani maya ve bakteri hem de nişastayı şekere parçalayan enzimler bulunur. Çavdar bu konuda en cömert olanıdır. Benim denememde çavdarla başlatılan maya üçüncü gün kabarcıklanmaya, beşinci gün ise 8 saat içinde ikiye katlanmaya başladı. Tam buğday ununu aynı düzende beslediğimde bu süre yedi günü buldu.</p>
<h2>Çavdar unuyla ekşi maya tarifi</h2>
<ul>
<li>Tam çavdar unu</li>
<li>Klorsuz, ılık su (yaklaşık 25 °C)</li>
<li>Geniş ağızlı bir cam kavanoz</li>
<li>Mutfak terazisi</li>
</ul>
<ol>
<li>İlk gün 50 gram çavdar ununu 50 gram suyla karıştırın ve kavanozun ağzını gevşekçe örtün.</li>
<li>Kavanozu 24–27 derece arasındaki bir yerde bekletin.</li>
<li>İkinci günden itibaren karışımın 50 gramını ayırın, geri kalanını atın; ayırdığınız mayayı 50 gram un ve 50 gram suyla besleyin.</li>
<li>Dördüncü günden sonra beslemeyi günde iki kez, 1:1:1 oranıyla yapın.</li>
<li>Maya her beslemeden sonra 4–8 saatte iki katına çıkıyorsa hazırdır; bu genellikle 5–7 gün sürer.</li>
</ol>
<h3>Çavdar mayasının kendine has hâlleri</h3>
<p>Çavdar unundaki pentozanlar suyu sıkıca tuttuğu için çavdar mayası, aynı oranda beslenen buğday mayasından çok daha koyu, neredeyse macun kıvamındadır. Yüzeyi kubbe gibi kabarmak yerine çatlar ve delik deşik olur. Ağır olduğu için su testinde çoğu zaman batar; bu yüzden çavdar mayasının hazır olup olmadığını kavanozdaki yükselmeye bakarak anlamak daha doğrudur.</p>
<h3>Su ve sıcaklık üzerine bir not</h3>
<p>Köyde kimse termometre kullanmazdı; maya kâsesi kışın sobanın yanına, yazın serin kilere konurdu. Bugün aynı işi mutfak termometresiyle daha kolay yapıyoruz. Klorlu şebeke suyu genç mayayı yavaşlatabildiği için ben suyu bir gece bekletiyorum ya da kaynak suyu kullanıyorum.</p>
<p>Beyaz ekmek seviyorsanız mayanızı bir hafta içinde yavaş yavaş ekmeklik una geçirebilir, her beslemede unun yüzde 10–20'sini çavdar olarak bırakabilirsiniz. Böylece çavdarın canlılığından vazgeçmeden daha yumuşak aromalı ekmekler pişirirsiniz. Anneannemin deyişiyle, maya bir kere tuttu mu bir ömür yaşar.</p>`,
};

const saklama: CorpusPage = {
  url: "https://www.saglikliyasam.example.invalid/eksi-maya-nasil-saklanir",
  title: "Ekşi Maya Nasıl Saklanır? Buzdolabı, Dondurucu ve Kurutma Yöntemleri",
  html: `<p>Mayanız oturdu, ilk ekmeğinizi pişirdiniz; şimdi sıra onu her gün beslemeden yaşatmakta. Ekşi mayayı nasıl saklayacağınız büyük ölçüde ne sıklıkla ekmek yaptığınıza bağlı. Aşağıda en çok emek isteyenden en az emek isteyene doğru dört saklama yöntemini bulacaksınız.</p>
<h2>Tezgâhta saklama</h2>
<p>Oda sıcaklığında, ideal olarak 24–27 °C arasında tutulan ekşi maya her 24 saatte bir ya da iki kez beslenmek ister. Haftada birkaç kez ekmek yapıyorsanız en canlı ve en öngörülebilir yöntem budur. Ancak un tüketimini hesaba katın: günde iki kez 60'ar gram unla beslenen bir maya ayda yaklaşık 3,5 kg un tüketir. Bu yüzden tezgâhta yalnızca 20–50 gram maya tutmanızı öneririz.</p>
<h2>Buzdolabında saklama</h2>
<p>Soğuk, fermantasyonu ciddi biçimde yavaşlatır. 4 °C'deki olgun bir ekşi maya bir hafta beslenmeden rahatça bekleyebilir; iyi beslenmiş bir maya iki üç haftaya da dayanır. Çoğu ev fırıncısının izlediği düzen şöyledir:</p>
<ol>
<li>Mayayı 1:1:1 ya da daha yavaş çalışan 1:2:2 oranında besleyin ve 1–2 saat oda sıcaklığında bekletin.</li>
<li>Kavanozun kapağını gevşekçe kapatın; maya soğukta da bir miktar gaz üretir.</li>
<li>Kavanozu buzdolabının arka kısmına, sıcaklığın en sabit olduğu yere koyun.</li>
<li>Haftada bir mayayı çıkarın, yaklaşık 25 gramını ayırıp gerisini atın ve yeniden besleyin.</li>
<li>Ekmek yapmadan bir gün önce mayayı oda sıcaklığında bir iki kez besleyerek canlandırın.</li>
</ol>
<p>Buzdolabında beş altı gün kalan mayanın üstünde gri bir alkol tabakası oluşur. Bu tabakayı dökebilir ya da karıştırabilirsiniz; ikisi de sorun değildir.</p>
<h3>Buzdolabında beslenmeden ne kadar kalabilir?</h3>
<p>Çoğu maya bir ay ihmal edilse de toparlanır; üç ay kendi hâline bırakılmış mayaları canlandırdığını anlatan fırıncılar da var. Yalnızca toparlanması daha uzun sürer: oda sıcaklığında günde iki beslemeyle iki üç gün ayırmanız gerekir.</p>
<h2>Dondurucuda saklama</h2>
<p>Dondurmak mikroorganizmaların bir kısmını öldürür ama hepsini değil. Yeni beslenmiş mayadan bir yemek kaşığı kadarını küçük bir kaba yayıp dondurun; birkaç ay saklanabilir. Kullanmadan önce bir gece buzdolabında çözdürün ve yeni başlatılmış bir maya gibi besleyin. Eski hâline dönmesi bir haftayı bulabilir.</p>
<h2>Kurutarak saklama: en güvenli yedek</h2>
<p>Kurutma, mayanızı uzun süre korumanın en garantili yoludur. Birçok fırıncı mayasını uzaktaki dostlarına da bu şekilde gönderir.</p>
<ul>
<li>Aktif mayayı yağlı kâğıdın üzerine ince bir tabaka hâlinde yayın.</li>
<li>Oda sıcaklığında 2–3 gün ya da 40 °C'nin altındaki fırında, tamamen kuruyup kırılgan hâle gelene kadar bekletin.</li>
<li>Pul pul kırıp hava almayan bir kavanozda, ışıktan uzak saklayın.</li>
</ul>
<p>Kurutulmuş maya pulları bir yıl, hatta daha uzun süre dayanır. Canlandırmak için 10 gram pulu 20 gram suda bir saat bekletin, 20 gram un ekleyin ve maya beslendikten sonraki 4–12 saat içinde iki katına çıkana kadar her gün beslemeye devam edin.</p>
<h2>Hangi kavanozda saklamalı?</h2>
<p>Cam kavanoz hem temizlemesi kolay olduğu hem de mayanın ne kadar kabardığını görmenizi sağladığı için en iyi seçenektir. Mayanın hacminin en az üç katı kadar yer bırakın. Metal kapakların zamanla asitten etkilenebileceğini unutmayın; plastik ya da cam kapaklı kavanozlar daha uzun ömürlüdür. Kavanozu birkaç haftada bir boşaltıp sıcak suyla yıkamak, kenarlarda kuruyan mayanın küflenmesini önler.</p>
<h2>Saklanan maya ne zaman bozulmuş sayılır?</h2>
<p>Gri sıvı ve keskin alkol kokusu yalnızca açlığa işaret eder. Tüylü küf, pembe ya da turuncu lekeler veya sümüksü bir kıvam ise mayayı atıp yeniden başlamanız gerektiğini gösterir. Elinizde kurutulmuş bir yedek varsa birkaç gün içinde yeniden ekmek pişiriyor olursunuz.</p>`,
};

const article: CorpusPage = {
  url: "https://www.ourarticle.example.invalid/eksi-maya-nasil-yapilir",
  title: "Ekşi Maya Nasıl Yapılır? Başlatma, Besleme ve Saklama Rehberi",
  html: `<p>Ekşi maya, yabani mayalar ile laktik asit bakterilerinden oluşan ve ekmeği hazır maya kullanmadan kabartan canlı bir kültürdür. Evde ekşi maya yapmak için un, su, bir cam kavanoz ve 5–7 günlük sabır yeterli. Bu rehberde ekşi maya nasıl yapılır, nasıl beslenir, nerede saklanır ve sorun çıktığında ne yapılır, adım adım anlatıyoruz.</p>
<h2>Ekşi maya nedir?</h2>
<p>Unun içinde doğal olarak mayalar ve bakteriler bulunur. Un suyla karıştırılıp düzenli olarak beslendiğinde, giderek asitlenen bu ortama en iyi uyum sağlayan mikroorganizmalar baskın hâle gelir: hamuru kabartan karbondioksiti üreten mayalar ve ekmeğe ekşi tadını veren, raf ömrünü uzatan laktik asit bakterileri. Olgunlaşmış bir ekşi maya şaşırtıcı derecede dayanıklıdır; San Francisco'daki Boudin Fırını 1849'dan beri aynı mayayı yaşatıyor.</p>
<h2>Gerekli malzemeler</h2>
<ul>
<li>Başlangıç için tam çavdar unu ya da tam buğday unu</li>
<li>Maya oturduktan sonra ekmeklik un</li>
<li>Yaklaşık 25 °C'de klorsuz su</li>
<li>En az 750 ml'lik bir cam kavanoz</li>
<li>Gram hassasiyetinde bir mutfak terazisi</li>
</ul>
<h2>Gün gün ekşi maya yapımı</h2>
<ol>
<li><strong>1. gün:</strong> 50 gram tam tahıllı unu 50 gram suyla karıştırın. Kavanozun ağzını gevşekçe örtüp 24–27 °C'de bekletin.</li>
<li><strong>2. gün:</strong> Kabarcık olabilir de olmayabilir de. Karışımın 50 gramını ayırın, üzerine 50 gram un ve 50 gram su ekleyin.</li>
<li><strong>3. gün:</strong> Aynı beslemeyi tekrarlayın. Maya dün birden kabarıp bugün söndüyse bu, ilk günlerdeki bakterilerin yol açtığı sahte kabarmadır; beslemeye devam edin.</li>
<li><strong>4–7. gün:</strong> Mayanızı günde iki kez, yaklaşık 12 saat arayla 1:1:1 oranında besleyin. İsterseniz unun bir kısmını ekmeklik unla değiştirin.</li>
</ol>
<p>Mayaların çoğu 5. ile 7. gün arasında hazır olur; serin bir mutfakta bu süre 10–14 güne uzayabilir.</p>
<h2>Ekşi maya nasıl beslenir?</h2>
<p>Besleme oranları ağırlıkça "maya : un : su" olarak yazılır. Sıcak bir ortamda 1:1:1 oranıyla beslenen maya 4–6 saatte zirveye ulaşır. 1:2:2 oranı size birkaç saat daha kazandırır; 1:5:5 oranında ise zirve 10–12 saati bulur, bu yüzden gece beslemesi için idealdir. Bu oranların hepsinde maya yüzde 100 hidrasyondadır. Mayayı zirveye ulaşıp inmeye başladığı anda besleyin; çok beklerseniz asitlenir ve tembelleşir.</p>
<h2>Mayanın hazır olduğu nasıl anlaşılır?</h2>
<ul>
<li>Her beslemeden sonra 4–12 saat içinde hacmi iki katına çıkıyorsa,</li>
<li>içi irili ufaklı kabarcıklarla doluysa ve yüzeyi kubbeleşmiş ya da hafifçe çatlamışsa,</li>
<li>peynirimsi ya da aseton gibi değil, hoş ve ekşi kokuyorsa mayanız hazırdır.</li>
</ul>
<p>Bir çay kaşığı mayayı suya bırakarak yaptığınız su testi de işe yarar: maya yüzüyorsa hamuru kabartacak kadar gaz tutuyordur. Çavdar mayaları yoğun olduğu için canlıyken bile batabilir; onları kavanozdaki yükselmeye bakarak değerlendirin.</p>
<h2>Çavdar unu mu, tam buğday unu mu?</h2>
<p>Tam çavdar unu, enzim, mineral ve mikroorganizma bakımından zengin olduğu için en hızlı ve en güçlü başlangıcı sağlar. Tam buğday unu hemen arkasından gelir ve daha yumuşak bir aroma verir. Maya oturduktan sonra beyaz unla da beslenebilir; birçok fırıncı her beslemede unun yüzde 10–20'sini çavdar olarak tutar.</p>
<h2>Ekşi mayayı buzdolabında saklamak</h2>
<p>Haftada bir ya da daha seyrek ekmek yapıyorsanız mayanızı 4 °C civarındaki buzdolabında saklayıp haftada bir besleyin. Ekmek yapmadan bir gün önce dışarı çıkarın ve oda sıcaklığında bir iki kez besleyin. Uzun bir ara verecekseniz mayayı yağlı kâğıda ince bir tabaka hâlinde yayıp kurutun; maya pulları bir yıl dayanır.</p>
<h2>Sık karşılaşılan sorunlar</h2>
<h3>Üstte biriken sıvı</h3>
<p>Gri ya da kahverengi sıvı, aç kalan mayaların ürettiği alkol tabakasıdır. Döküp ya da karıştırıp mayayı daha sık besleyin.</p>
<h3>Maya kabarmıyor</h3>
<p>Mayayı daha sıcak bir yere alın, beslemeye biraz tam çavdar unu ekleyin ve düzenli beslemeye devam edin. Yavaş çalışan bir mayanın en yaygın nedeni 20 °C'nin altındaki sıcaklıktır.</p>
<h3>Küf ya da pembe lekeler</h3>
<p>Mayanın tamamını atın ve temiz bir kavanozda yeniden başlayın. Pembe ya da turuncu renk, istenmeyen bakterilerin yerleştiğini gösterir.</p>
<p>İlk hafta günde birkaç dakika, sonrasında haftada bir beslemeyle ekşi mayanız yıllarca yaşayabilir. Mayanız hazır olduğunda <a href="https://www.ourarticle.example.invalid/eksi-maya-ekmegi-tarifi">ilk ekşi maya ekmeği tarifimizi</a> deneyin.</p>`,
};

export const TOPIC: CorpusTopic = {
  language: "tr",
  keyword: "ekşi maya nasıl yapılır",
  sources: [gunGun, beslemeOranlari, sorunlar, hikaye, saklama],
  article,
};
