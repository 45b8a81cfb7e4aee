// Calibration corpus, English: "sourdough starter". Five independent top pages and one article.
// Written for this test corpus; no licence restrictions (CC0).
import type { CorpusPage, CorpusTopic } from "./types";

const dayByDay: CorpusPage = {
  url: "https://www.breadcraft.example.invalid/guides/sourdough-starter",
  title: "How to Make a Sourdough Starter From Scratch (Day-by-Day Guide)",
  html: `<p>A sourdough starter is nothing more than flour and water left long enough for wild yeast and lactic acid bacteria to move in and multiply. It takes about a week of daily attention, a jar and a kitchen scale. You don't need to buy a packet of anything: the microbes are already on the grain, in the air of your kitchen and on your hands.</p>
<h2>What you need</h2>
<ul>
<li>Whole wheat or rye flour for the first few days, then unbleached all-purpose or bread flour</li>
<li>Water at room temperature (filtered, or tap water left out overnight so the chlorine can dissipate)</li>
<li>A clean glass jar of about 1 litre (1 quart) with a loose lid</li>
<li>A digital scale, because cups are far too inaccurate for flour</li>
<li>A rubber band or a strip of tape to mark the level</li>
</ul>
<h2>Day 1: mix flour and water</h2>
<p>Stir 50 g of whole wheat flour and 50 g of water together in the jar until no dry bits remain. The paste should look like thick pancake batter. Scrape down the sides, cover loosely and leave it somewhere warm. The ideal spot sits between 24 and 27 °C (75–80 °F). In a cool house, the top of the fridge or an oven with only the light switched on both work well.</p>
<h2>Days 2–3: the false rise</h2>
<p>Within 24 to 48 hours many jars suddenly bubble and may even double. Don't celebrate yet. This early burst usually comes from Leuconostoc and other bacteria that thrive before the mixture turns acidic, and it tends to collapse as quickly as it appeared. The smell can be unpleasant, too: cheesy, like old socks or a forgotten gym bag. That is completely normal.</p>
<p>On day 2, discard all but 50 g of the mixture and feed what's left with 50 g flour and 50 g water. Do exactly the same on day 3, even if nothing seems to be happening.</p>
<h2>Days 4–7: start feeding twice a day</h2>
<p>Once the jar has gone quiet and smells more sour than sweaty, the yeast population is starting to take over. Move to two feedings roughly 12 hours apart. Keep 50 g of starter and add 50 g flour and 50 g water each time: the classic 1:1:1 ratio by weight. You can switch to white bread flour now, or keep a quarter of the flour as whole wheat for extra food.</p>
<ol>
<li>Stir the starter and weigh 50 g into a clean jar.</li>
<li>Add 50 g water and stir until the starter loosens.</li>
<li>Add 50 g flour and mix into a thick batter.</li>
<li>Mark the level with a rubber band and note the time.</li>
</ol>
<p>By day 5 to 7 a predictable pattern should appear: the starter rises, domes, then falls back, leaving streaks on the glass where it has been.</p>
<h2>How to tell when your starter is ready</h2>
<p>A starter is ready to bake with when it reliably doubles in volume within 4 to 8 hours of a feeding at room temperature, smells pleasantly tangy and has a web of bubbles running through it. Some bakers also use the float test: drop a teaspoon of starter into a glass of water. If it floats, there is enough gas trapped inside to raise a loaf. If it sinks, give it another feeding or two. The test isn't infallible, especially with rye starters, which are heavy and sticky, but it is a useful check for beginners.</p>
<p>In a cool kitchen everything happens more slowly. At 20 °C (68 °F) a starter might take 10 or 12 hours to peak, and the whole process can stretch to two weeks.</p>
<h2>Feeding an established starter</h2>
<p>After the first week you can relax. People who bake every day keep the starter on the counter and feed it once or twice daily. Everyone else stores it in the fridge and feeds it about once a week, taking it out a day before baking to give it two feedings at room temperature. We cover that routine in our <a href="https://www.breadcraft.example.invalid/guides/storing-sourdough-starter">guide to storing a starter</a>.</p>
<p>Whatever you do, don't throw the discard away without a second thought. It makes excellent crackers, pancakes and waffles.</p>`,
};

const feedingRatios: CorpusPage = {
  url: "https://kitchennotes.example.invalid/sourdough-starter-feeding-ratios",
  title: "Feeding a Sourdough Starter: Ratios, Timing and Temperature Explained",
  html: `<p>Most recipes tell you to "feed your starter" as though there were only one way to do it. In practice, the ratio you choose, the temperature of your kitchen and the flour in the bag decide how fast the culture rises and how sour it gets. Once you understand those three levers, you can make a starter fit your schedule rather than rearranging your life around a jar.</p>
<h2>What a feeding actually does</h2>
<p>A starter is a colony of wild yeasts, mostly Saccharomyces and Kazachstania species, living alongside lactic acid bacteria. The best known of these is the one first described in San Francisco sourdough, now called Fructilactobacillus sanfranciscensis. When you feed the culture, you dilute the acid that has built up and hand the microbes a fresh supply of starch. The yeasts produce carbon dioxide, which makes the starter rise; the bacteria produce lactic and acetic acid, which give the bread its flavour.</p>
<h2>Common feeding ratios</h2>
<p>Ratios are written as starter : flour : water, always by weight.</p>
<ul>
<li><strong>1:1:1</strong>: for example 50 g starter, 50 g flour and 50 g water. The standard choice. At 24–27 °C (75–80 °F) it peaks in about 4 to 6 hours.</li>
<li><strong>1:2:2</strong>: 25 g starter to 50 g each of flour and water. Slower, reaching its peak in around 6 to 8 hours.</li>
<li><strong>1:5:5</strong>: 10 g starter to 50 g each. Handy for overnight feedings; it peaks after 10 to 12 hours and tastes milder.</li>
<li><strong>1:10:10</strong>: for very warm kitchens, or days when you'll be out from breakfast to dinner.</li>
</ul>
<p>All four keep the starter at 100% hydration, meaning equal weights of flour and water. A stiff starter at 50–60% hydration ferments more slowly and leans towards acetic, vinegary notes, which is why many bakers of Italian lievito madre prefer it.</p>
<h3>Why weigh instead of using cups?</h3>
<p>A cup of flour can weigh anywhere from 120 to 150 g depending on how it's scooped. That's enough variation to turn a starter from batter into paste. A basic kitchen scale costs less than two bags of good flour and removes the guesswork for good.</p>
<h2>Temperature and time to peak</h2>
<p>Temperature matters as much as the ratio. Yeast and bacteria are happiest between 24 and 27 °C. Below 20 °C activity slows sharply, so a 1:1:1 feeding that peaks in 4 hours in July can take 10 or 12 hours in a cold January kitchen. Above 30 °C the bacteria start to outpace the yeast and the starter turns sour and runny.</p>
<p>If your kitchen is chilly, use water at about 30 °C (86 °F) for the feeding, or put the jar in a closed oven with the light on. A proofing box set to 26 °C is a luxury, but it makes timing wonderfully predictable.</p>
<h2>Knowing when to feed again</h2>
<p>Watch the starter, not the clock. At its peak a starter is domed, airy and roughly twice its original volume. As the yeasts run out of food, the dome flattens and the surface looks wrinkled; eventually a layer of grey liquid may appear. Feeding at or just after the peak keeps the culture vigorous. Letting it go long past its peak again and again makes it sluggish and overly acidic.</p>
<h2>Choosing flour for feeding</h2>
<p>White bread flour produces a mild, clean-smelling starter. Whole wheat speeds things up because the bran and germ carry more minerals, enzymes and microbes. Rye is the fastest of all: swapping just 10–20% of your flour for whole rye often revives a tired culture within two or three feedings.</p>`,
};

const troubleshooting: CorpusPage = {
  url: "https://www.homebakersforum.example.invalid/blog/sourdough-starter-problems",
  title: "Sourdough Starter Troubleshooting: 8 Common Problems and How to Fix Them",
  html: `<p>Nothing is more frustrating than a jar that refuses to bubble after a week of careful feeding. The good news is that sourdough starters are hard to kill. Almost every problem below has a simple cause, usually temperature, flour or timing, and a fix that takes a day or two. We've collected the questions that come up most often on our forum.</p>
<h2>1. My starter isn't rising</h2>
<p>Check the temperature first. A starter kept at 18 °C (around 65 °F) can look dead when it's merely slow. Move it somewhere between 24 and 27 °C (75–80 °F) and give it a few days. Next, look at the flour: heavily bleached flour and some low-protein cake flours carry fewer microbes and less food. Add a spoonful of whole rye or whole wheat to each feeding. Finally, make sure you aren't diluting it too much. A 1:5:5 feeding in a cold kitchen may simply need 12 hours or more.</p>
<h2>2. It rose on day two and then stopped</h2>
<p>This is the famous false start. Those early bubbles come from bacteria such as Leuconostoc, which die back as the mixture becomes more acidic. Keep feeding on schedule; genuine yeast activity usually shows up between day 4 and day 7. Some bakers use unsweetened pineapple juice instead of water for the first two days to lower the pH faster, a trick popularised by the baker and researcher Debra Wink in the late 2000s.</p>
<h2>3. There's grey or dark liquid on top</h2>
<p>That liquid is called hooch. It's a mix of water and alcohol produced by hungry yeast, and it means the starter needs feeding more often, not that it has gone off. Pour it away for a milder flavour or stir it back in for a more sour one. If you find hooch every single time you open the jar, switch to a more generous ratio or feed twice a day.</p>
<h2>4. It smells like nail polish remover</h2>
<p>An acetone smell is another sign of hunger. It usually fades after two or three regular feedings at 1:1:1 or 1:2:2. A healthy, well-fed starter smells yeasty and pleasantly sour, somewhere between yoghurt and beer.</p>
<h2>5. There's mould or pink streaks</h2>
<p>Fuzzy spots of white, green or black mould, or any pink or orange discolouration, mean the culture has been contaminated. Don't try to rescue it. Throw everything away, sterilise the jar with boiling water and start again. Pink and orange streaks in particular point to bacteria you don't want anywhere near your bread.</p>
<h2>6. It's too runny</h2>
<p>A runny starter is usually too warm or overripe. Cut the water by 10–20 g at the next feeding, or feed with a stronger bread flour of 12–13% protein. Whole grain flours soak up more water and give a thicker paste as well.</p>
<h2>7. It passes the float test but my bread is flat</h2>
<p>The float test only tells you that the starter holds gas at that moment. It says nothing about whether the yeast population is strong enough to keep raising dough for several hours. Use the starter at its peak, when it's doubled, domed and full of bubbles, and check your dough temperature and proofing time too.</p>
<h2>8. I forgot it in the fridge for a month</h2>
<p>It's almost certainly fine. Pour off the hooch, discard all but a tablespoon, and feed it at room temperature twice a day. Most neglected starters are back to full strength within two or three days.</p>
<h3>When to give up and start again</h3>
<p>If there's still no rise after two weeks of consistent feeding in a warm spot, begin a fresh batch with whole rye flour. It costs very little apart from a bit of patience, and rye almost never fails.</p>`,
};

const ryeVsWholeWheat: CorpusPage = {
  url: "https://grainandhearth.example.invalid/journal/rye-vs-whole-wheat-starter",
  title: "Rye or Whole Wheat? What I Learned Keeping Two Sourdough Starters Side by Side",
  html: `<p>For most of last year I kept two starters on my kitchen windowsill: one fed only on whole rye, the other on whole wheat. Same jars, same water, same feeding times. I wanted to know whether the advice I'd read everywhere, "start with rye, it's faster", held up in an ordinary home kitchen. Here's what happened, along with a little background on why the choice of flour matters so much.</p>
<h2>A very old technique</h2>
<p>Raising bread with a fermented culture is far older than commercial yeast. Egyptians were baking leavened bread more than 3,000 years ago, and for most of history every loaf was, in effect, a sourdough loaf. Baker's yeast only became widely available in the 19th century. In the United States, sourdough became closely tied to San Francisco, where the Boudin Bakery has baked from the same line of mother dough since 1849. Today the Puratos Sourdough Library in St. Vith, Belgium, keeps more than 100 starters from around the world in refrigerated cabinets, each one refreshed by hand with flour from its home region.</p>
<h2>Why whole grain flours get going faster</h2>
<p>White flour is mostly starch from the endosperm. Whole grain flours keep the bran and the germ, and those outer layers carry more wild yeast, more bacteria, more minerals and more of the enzymes that break starch into sugars the microbes can eat. That's why nearly every guide, mine included, suggests whole grain flour for the first week.</p>
<h2>The rye starter</h2>
<ul>
<li>First real bubbles: day 3</li>
<li>First time it doubled within 8 hours: day 5</li>
<li>Texture: sticky and paste-like, almost like wet mortar</li>
<li>Smell: earthy and fruity, with a sharp sour edge</li>
</ul>
<p>Rye contains pentosans, gummy fibres that hold on to water, so a rye starter at 100% hydration is much thicker than a wheat one at the same ratio. It rarely shows the neat dome you see in photos; instead the surface cracks and pits when it's ready. It also floats poorly, so I stopped relying on the float test for rye altogether.</p>
<h2>The whole wheat starter</h2>
<ul>
<li>First real bubbles: day 4</li>
<li>First time it doubled within 8 hours: day 7</li>
<li>Texture: thick batter with large, visible bubbles</li>
<li>Smell: milder, a bit like natural yoghurt</li>
</ul>
<p>The whole wheat jar also went through a dramatic false rise on day 2 and then sat almost motionless for two days. If I hadn't known to expect that, I'd probably have tipped it down the sink.</p>
<h2>So which flour should you choose?</h2>
<p>If you want the quickest, most forgiving start, use whole rye. If you mostly bake white or light wheat loaves, starting with whole wheat gives you a starter closer to the bread you'll actually make. A compromise plenty of bakers use is to begin with rye and move gradually to bread flour over a week, keeping 10–20% rye in every feeding as a booster.</p>
<p>Both of my starters lived at about 25 °C and were fed at 1:1:1 twice a day once they were established. Both now sit in the fridge and get one feeding a week. After a week of neglect the rye starter is still the more reliable of the two, but the wheat starter makes a gentler loaf that my family prefers.</p>
<h3>A note on water</h3>
<p>Heavily chlorinated tap water can hold a young starter back. I used tap water left uncovered overnight; filtered or bottled water works just as well.</p>`,
};

const storage: CorpusPage = {
  url: "https://www.slowkitchen.example.invalid/sourdough/starter-storage",
  title: "How to Store a Sourdough Starter: Counter, Fridge, Freezer and Dried",
  html: `<p>Once your starter is established, the question changes from "how do I get it going?" to "how do I keep it alive without feeding it every day?" The answer depends mostly on how often you bake. Here are the four ways to store a starter, from the most maintenance to the least.</p>
<h2>On the counter: for daily bakers</h2>
<p>At room temperature, ideally 24–27 °C (75–80 °F), a starter needs feeding once or twice every 24 hours. It's the most active and predictable way to keep one, and it suits anyone who bakes several times a week. Keep only a small amount, 20 to 50 g, so you aren't pouring a mountain of flour into every refresh.</p>
<h2>In the fridge: the usual choice</h2>
<p>Cold slows fermentation dramatically. At 4 °C (39 °F) a mature starter can go a week between feedings, and a well-fed one will often survive two or three. This is the routine most home bakers follow:</p>
<ol>
<li>Feed the starter at 1:1:1, or at a slower 1:2:2, and leave it at room temperature for 1–2 hours so the yeast can get going.</li>
<li>Put a lid on the jar, loosely, because gas still builds up, and store it at the back of the fridge where the temperature is steadiest.</li>
<li>Once a week, take it out, discard all but about 25 g and feed it again.</li>
<li>The day before you bake, give it one or two feedings at room temperature so it's strong and bubbly when you mix the dough.</li>
</ol>
<p>After five or six days in the cold, expect a layer of hooch on top. Pour it off or stir it in; either is fine.</p>
<h3>How long can a starter go unfed in the fridge?</h3>
<p>Most starters recover after a month of neglect, and some bakers report reviving ones that sat untouched for three months. Recovery simply takes longer: plan on two or three days of twice-daily feedings at room temperature.</p>
<h2>In the freezer</h2>
<p>Freezing kills some of the microbes, but not all of them. Spread a tablespoon of freshly fed starter in a small container and freeze it; it will keep for several months. To revive it, thaw it overnight in the fridge and feed it as you would a brand-new starter. It may take up to a week to behave normally again.</p>
<h2>Dried starter: the best backup</h2>
<p>Drying is the safest long-term insurance, and it's how many bakers post starters to friends.</p>
<ul>
<li>Spread a thin layer of active starter on baking paper.</li>
<li>Leave it at room temperature for 2–3 days, or in an oven below 40 °C, until it's completely brittle.</li>
<li>Break it into flakes and keep them in an airtight jar, away from light.</li>
</ul>
<p>Dried flakes keep for a year or more. To bring them back, soak 10 g of flakes in 20 g of water for an hour, add 20 g of flour, and keep feeding daily until the starter doubles within 4 to 12 hours of a feeding.</p>
<h2>Signs a stored starter has gone bad</h2>
<p>Grey liquid and a sharp, boozy smell only mean hunger. Fuzzy mould, pink or orange patches or a slimy texture mean it's time to start again. If you made a dried backup, you'll be baking again within a few days.</p>`,
};

const article: CorpusPage = {
  url: "https://www.ourarticle.example.invalid/sourdough-starter-guide",
  title: "Sourdough Starter: How to Make, Feed, Store and Fix One",
  html: `<p>A sourdough starter is a living culture of wild yeast and lactic acid bacteria that raises bread without commercial yeast. Making one takes flour, water, a jar and five to seven days of patience. This guide walks through every stage, from the first spoonful of flour to keeping a mature starter healthy for years.</p>
<h2>What is a sourdough starter?</h2>
<p>Flour naturally carries yeasts and bacteria. When you mix it with water and refresh it regularly, the organisms best suited to that increasingly acidic environment win out: yeasts that produce carbon dioxide to lift the dough, and lactic acid bacteria that give sourdough its tang and help it keep longer. A mature starter is remarkably stable. The Boudin Bakery in San Francisco still bakes with a culture it has kept going since 1849.</p>
<h2>Ingredients and equipment</h2>
<ul>
<li>Whole rye or whole wheat flour to begin, then bread flour or all-purpose flour</li>
<li>Unchlorinated water at about 25 °C</li>
<li>A glass jar that holds at least 750 ml</li>
<li>A kitchen scale accurate to 1 g</li>
</ul>
<h2>How to make a starter, day by day</h2>
<ol>
<li><strong>Day 1.</strong> Mix 50 g whole grain flour with 50 g water. Cover loosely and keep it at 24–27 °C (75–80 °F).</li>
<li><strong>Day 2.</strong> There may be bubbles, or none at all. Keep 50 g, then add 50 g flour and 50 g water.</li>
<li><strong>Day 3.</strong> Repeat. If the starter shot up yesterday and now looks flat, that was a false rise caused by early bacteria; carry on regardless.</li>
<li><strong>Days 4–7.</strong> Feed twice a day, about 12 hours apart, at a 1:1:1 ratio. Move gradually to white flour if you like.</li>
</ol>
<p>Most starters are ready between day 5 and day 7, although a cold kitchen can stretch this to 10–14 days.</p>
<h2>Feeding your starter: ratios and timing</h2>
<p>Feeding ratios are given by weight as starter : flour : water. A 1:1:1 feeding peaks in around 4–6 hours in a warm room. A 1:2:2 feeding buys you a couple of extra hours, and 1:5:5 takes 10–12 hours, which makes it ideal last thing at night. All of these keep the starter at 100% hydration. Feed when the starter has peaked and just begun to fall; left much longer, it becomes acidic and sluggish.</p>
<h2>Is it ready? Signs and the float test</h2>
<p>A starter is ready to use when it:</p>
<ul>
<li>doubles in volume within 4–12 hours of each feeding,</li>
<li>is full of bubbles of different sizes and has a domed or slightly cracked top,</li>
<li>smells tangy and yeasty rather than cheesy or like acetone.</li>
</ul>
<p>The float test, a spoonful of starter dropped into water, is a quick extra check: if it floats, it holds enough gas to leaven dough. Rye starters are dense and often sink even when lively, so judge those by their rise instead.</p>
<h2>Rye, whole wheat or white flour?</h2>
<p>Whole rye gives the fastest, most vigorous start because it's rich in enzymes, minerals and microbes. Whole wheat is a close second and produces a milder flavour. White flour works well once the culture is established, and many bakers keep 10–20% rye in every feeding as insurance.</p>
<h2>Storing a starter in the fridge</h2>
<p>If you bake once a week or less, keep the starter in the fridge at around 4 °C and feed it once a week. Take it out the day before baking and refresh it once or twice on the counter so it peaks when you need it. For long breaks, dry a thin layer on baking paper; the flakes keep for a year.</p>
<h2>Troubleshooting common problems</h2>
<h3>Liquid on top</h3>
<p>The grey or brown layer is hooch, an alcoholic by-product of hungry yeast. Pour it off or stir it in, then feed more often or at a bigger ratio.</p>
<h3>No activity</h3>
<p>Warm it up, add some whole rye flour and keep feeding. A temperature below 20 °C is the most common reason for a slow starter.</p>
<h3>Mould or pink streaks</h3>
<p>Discard everything and start again in a clean jar. Pink or orange colour means unwanted bacteria have taken hold, and no amount of feeding will fix that.</p>
<p>With a few minutes a day in the first week and a weekly feeding after that, a starter can outlive most of your kitchen appliances. When yours is ready, try our <a href="https://www.ourarticle.example.invalid/beginner-sourdough-loaf">beginner sourdough loaf</a>.</p>`,
};

export const TOPIC: CorpusTopic = {
  language: "en",
  keyword: "sourdough starter",
  sources: [dayByDay, feedingRatios, troubleshooting, ryeVsWholeWheat, storage],
  article,
};
