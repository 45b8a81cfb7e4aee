// Calibration corpus, English: "how to descale a kettle". Five independent top pages and one article.
// Written for this test corpus; no licence restrictions (CC0).
import type { CorpusPage, CorpusTopic } from "./types";

const vinegarSteps: CorpusPage = {
  url: "https://www.cleanhome.example.invalid/how-to-descale-a-kettle",
  title: "How to Descale a Kettle With Vinegar (Step-by-Step)",
  html: `<p>If you live in a hard water area, you'll know the signs: a chalky white crust on the bottom of the kettle, little flakes floating in your tea and a kettle that seems to take longer to boil every month. That crust is limescale, and the cheapest way to get rid of it is probably already in your kitchen cupboard. White vinegar dissolves limescale in under an hour with almost no scrubbing.</p>
<h2>What is limescale?</h2>
<p>Limescale is mostly calcium carbonate, with some magnesium compounds mixed in, left behind when hard water is heated. Each time you boil the kettle, a little more of the dissolved minerals comes out of solution and sticks to the element and the walls. It's harmless to drink, but it makes the kettle less efficient and leaves a gritty film on your drinks.</p>
<h2>What you'll need</h2>
<ul>
<li>White distilled vinegar (5% acidity)</li>
<li>Water</li>
<li>A soft sponge or cloth</li>
<li>An old toothbrush for the spout and filter</li>
</ul>
<h2>How to descale a kettle with vinegar</h2>
<ol>
<li><strong>Mix the solution.</strong> Fill the kettle about halfway with equal parts white vinegar and water, a 1:1 mix. For a standard 1.7-litre kettle that's roughly 400 ml of each.</li>
<li><strong>Bring it to the boil.</strong> Switch the kettle on and let it boil once. With a stovetop kettle, bring it to the boil and turn off the heat.</li>
<li><strong>Leave it to soak.</strong> Let the hot solution sit for 30 minutes to an hour. For a thick crust, leave it overnight without boiling it again.</li>
<li><strong>Empty and wipe.</strong> Pour the solution away and gently wipe the inside with a soft sponge. Use the toothbrush on the spout and the limescale filter.</li>
<li><strong>Rinse and boil fresh water.</strong> Fill with clean water, boil it and pour it away. Do this twice to get rid of any vinegar taste and smell.</li>
</ol>
<h3>For very heavy scale</h3>
<p>If some deposits refuse to budge, repeat the process with undiluted vinegar. Never use a scouring pad or a metal brush inside an electric kettle: scratches on the base plate give new scale something to cling to.</p>
<h2>How often should you descale?</h2>
<p>That depends on your water. In very hard water areas, where hardness is above 180 mg/L (ppm), descaling every four weeks keeps the build-up under control. In moderately hard areas, every two to three months is usually enough. A good rule of thumb: once you can see a white film on the base, it's time.</p>
<h2>Will the vinegar smell linger?</h2>
<p>Not if you rinse properly. Boiling two full kettles of fresh water removes it completely. If you can still smell it, leave the lid open for a few hours so the kettle can air out.</p>
<h2>Safety tips</h2>
<ul>
<li>Always unplug an electric kettle before emptying or cleaning it.</li>
<li>Never submerge the base or the body of the kettle in water.</li>
<li>Open a window, because hot vinegar has a strong smell.</li>
<li>Check the manufacturer's manual; a few brands ask you to use their own descaler instead of vinegar.</li>
</ul>
<p>Once the inside is clean, wipe the outside with a damp cloth and your kettle will look, and boil, like new again.</p>`,
};

const citricTest: CorpusPage = {
  url: "https://householdlab.example.invalid/descaling/citric-acid-vs-vinegar-kettle",
  title: "Citric Acid vs Vinegar: We Tested Which Descales a Kettle Best",
  html: `<p>Search for how to descale a kettle and you'll find two camps: the vinegar people and the citric acid people. We wanted a straight answer, so we bought three identical 1.7-litre stainless steel kettles, used them daily for six weeks with water from our office tap (measured at 290 ppm total hardness), and then descaled each one a different way.</p>
<h2>How we tested</h2>
<p>We weighed every kettle empty before the six weeks and again afterwards to estimate how much limescale had built up: about 4 g per kettle on average. After descaling, we dried them overnight and weighed them once more.</p>
<ul>
<li><strong>Kettle A:</strong> 500 ml white vinegar (5% acetic acid) plus 500 ml water, boiled and left for 1 hour.</li>
<li><strong>Kettle B:</strong> 2 tablespoons (about 25 g) of citric acid powder dissolved in 1 litre of water, boiled and left for 20 minutes.</li>
<li><strong>Kettle C:</strong> the juice of two lemons (around 80 ml) topped up to 1 litre with water, boiled and left for 1 hour.</li>
</ul>
<h3>Why acid works at all</h3>
<p>Limescale is calcium carbonate, a base. An acid reacts with it to form a soluble calcium salt, water and carbon dioxide, which is why a descaling kettle fizzes gently. Heat speeds the reaction up, so every method we tried starts with a boil.</p>
<h2>Results</h2>
<p>Citric acid removed about 95% of the limescale in 20 minutes, and the few remaining spots wiped off with a sponge. Vinegar removed roughly 85% in an hour; a second round took care of the rest. Lemon juice managed only about half. Its citric acid content, around 5–6% of the juice, is simply too low to shift a heavy layer on its own.</p>
<h3>Smell and rinsing</h3>
<p>Citric acid has no smell at all, and a single rinse-and-boil cycle left the water tasting perfectly clean. The vinegar kettle needed two boils before our tasters stopped noticing a sour note, and the whole office smelled like a chip shop for an afternoon.</p>
<h3>Cost</h3>
<p>A 1 kg bag of food-grade citric acid costs around $10. At 25 g per clean, that's about 25 cents a go. White vinegar is cheaper per litre, but you pour in 500 ml each time, so the running costs end up very close.</p>
<h2>How to descale a kettle with citric acid</h2>
<ol>
<li>Fill the kettle about halfway, around 1 litre, with water.</li>
<li>Add 1–2 tablespoons of citric acid powder, depending on how bad the scale is.</li>
<li>Boil, switch off and leave it for 15–20 minutes.</li>
<li>Pour it away, wipe the inside and rinse.</li>
<li>Boil a full kettle of clean water and throw that away too.</li>
</ol>
<h2>Is citric acid safe for every kettle?</h2>
<p>It's fine for stainless steel, glass and plastic kettles. With aluminium, keep the solution weak and don't leave it in for more than 15 minutes, since stronger acids can dull and pit the metal. Never mix citric acid with bleach or other cleaning products.</p>
<h2>Our verdict</h2>
<p>Citric acid wins on speed, smell and sheer effectiveness. Vinegar is a perfectly good backup if that's what you have to hand; just allow more time and an extra rinse. Lemon juice is better for a light monthly freshen-up than for a kettle that has already furred up.</p>`,
};

const hardWater: CorpusPage = {
  url: "https://www.waterwise.example.invalid/hard-water/limescale-kettle",
  title: "Hard Water and Limescale: Why Your Kettle Keeps Furring Up",
  html: `<p>Limescale isn't a sign of a dirty kettle. It's a sign of what's in your water. Understanding water hardness explains why one household has to descale every month while a friend two hours' drive away never bothers at all.</p>
<h2>What makes water hard?</h2>
<p>As rainwater soaks through chalk and limestone, it dissolves calcium and magnesium. The more of these minerals it picks up, the harder the water. Hardness is usually given in milligrams of calcium carbonate per litre (mg/L), which is the same as parts per million (ppm). The United States Geological Survey uses these bands:</p>
<ul>
<li>0–60 mg/L: soft</li>
<li>61–120 mg/L: moderately hard</li>
<li>121–180 mg/L: hard</li>
<li>more than 180 mg/L: very hard</li>
</ul>
<p>In the UK, London and much of south-east England regularly measure above 250 ppm, while Scotland and much of Wales are soft. In the US, Phoenix, Las Vegas and San Antonio are among the cities with the hardest tap water.</p>
<h3>Other units you may come across</h3>
<p>European water reports often use degrees instead: 1 German degree (°dH) equals about 17.8 mg/L, and 1 French degree (°fH) equals 10 mg/L of calcium carbonate.</p>
<h3>Is hard water bad for you?</h3>
<p>No. The World Health Organization has found no firm evidence that hard water harms health, and the calcium and magnesium in it count towards your daily intake. The trouble with hard water is what it does to appliances, pipes and the taste of tea.</p>
<h2>Why kettles are hit hardest</h2>
<p>Calcium bicarbonate stays dissolved in cold water, but heat turns it into insoluble calcium carbonate, which settles on the hottest surface it can find: the heating element or the base plate. Every boil adds another thin layer, and within a few weeks those layers become the crust you can see and feel.</p>
<h2>Does limescale really cost you money?</h2>
<p>Scale works as insulation between the element and the water. Figures from the water-heating industry suggest that a layer just 1.6 mm (1/16 inch) thick can raise energy use by around 12%. In a kettle the effect is smaller in absolute terms, but you'll notice longer boiling times and a noisier kettle, and heavy scale can shorten the life of the element.</p>
<h2>Descaling a kettle in a hard water area</h2>
<p>Any mild acid will dissolve calcium carbonate. The two most reliable household options are:</p>
<ol>
<li><strong>Citric acid:</strong> 1–2 tablespoons in a litre of water, boiled and left for 15–20 minutes.</li>
<li><strong>White vinegar:</strong> mixed 1:1 with water, boiled and left for 30–60 minutes.</li>
</ol>
<p>Rinse thoroughly and boil fresh water once or twice afterwards. With water above 180 ppm, plan to descale about once a month.</p>
<h2>How to prevent limescale</h2>
<ul>
<li><strong>Empty the kettle after use.</strong> Water left standing keeps depositing scale as it cools.</li>
<li><strong>Boil only what you need.</strong> Less water means fewer minerals left behind.</li>
<li><strong>Use a filter jug.</strong> Ion-exchange cartridges reduce temporary hardness; replace them roughly every four weeks.</li>
<li><strong>Think about a water softener.</strong> A whole-house ion-exchange softener typically costs $1,500 to $3,000 installed and protects every appliance, including washing machines and boilers.</li>
</ul>
<p>Not sure how hard your water is? Your supplier publishes hardness figures by postcode or ZIP code, and test strips cost a few dollars. Find out more in our <a href="https://www.waterwise.example.invalid/hard-water/test-your-water">guide to testing water hardness</a>.</p>`,
};

const naturalWays: CorpusPage = {
  url: "https://www.thriftyhouse.example.invalid/blog/natural-ways-to-descale-a-kettle",
  title: "5 Natural Ways to Descale a Kettle (No Harsh Chemicals)",
  html: `<p>My mum descaled her kettle with a generous glug of vinegar every Sunday night, and the kitchen smelled of it until Monday lunchtime. Since then I've tried just about every natural method going. Some are brilliant, some are a complete waste of an evening. Here are the five worth knowing, from the gentlest to the strongest.</p>
<h2>1. Baking soda</h2>
<p>Bicarbonate of soda is alkaline, not acidic, so it won't dissolve thick limescale. What it's good for is a light clean and getting rid of stains and stale odours. Add 1 tablespoon to a full kettle of water, boil, and leave it for 20 minutes before rinsing well. Think of it as maintenance rather than a cure.</p>
<h2>2. Lemon juice or lemon slices</h2>
<p>Lemons contain citric acid, and they leave the kettle smelling fresh rather than pickled. Squeeze one lemon into a half-full kettle, drop in the squeezed halves, bring it to the boil and leave it for an hour. This works nicely on thin, recent scale. On a kettle that's been ignored for months, you'll be disappointed.</p>
<h2>3. Cola</h2>
<p>Yes, really. Cola contains phosphoric acid, which reacts with limescale. Pour in enough to cover the scale, bring it just to the boil and leave it for 30 minutes. It works reasonably well, but it's sticky, it costs more than vinegar and you'll need several rinses to get rid of the sugar. I'd only reach for it in a pinch.</p>
<h2>4. White vinegar</h2>
<p>The old favourite. Mix white vinegar and water in equal parts, fill the kettle halfway, boil, then leave it for 30 minutes to an hour. Tip it out and boil fresh water twice. It's cheap and effective, but the smell is powerful, so open a window first.</p>
<h3>Can I use malt or cider vinegar?</h3>
<p>You can, but distilled white vinegar is cheaper and doesn't leave any colour or lingering flavour behind. Whichever you use, check the label says around 5% acidity.</p>
<h2>5. Citric acid powder</h2>
<p>This is my favourite by a mile. It's the same acid that's in lemons, only concentrated and odourless. Stir 1–2 tablespoons into 1 litre of water, boil, and leave it for about 15 minutes. The scale lifts off in sheets. You'll find it in the baking aisle, in hardware shops and online, and it's the main ingredient in many branded kettle descalers, at a fraction of their price.</p>
<h2>What about the outside?</h2>
<p>Stainless steel kettles pick up water marks and fingerprints. A cloth dampened with diluted vinegar, followed by a dry microfibre cloth, brings back the shine. Avoid abrasive creams on brushed steel; they leave fine scratches that trap grime.</p>
<h2>My routine these days</h2>
<ul>
<li>Every night: empty the kettle instead of leaving water sitting in it.</li>
<li>Every month: a citric acid descale, because our water is very hard, about 300 ppm.</li>
<li>Whenever it smells stale: a baking soda boil.</li>
</ul>
<p>It takes twenty minutes a month, and our tea no longer has that oily-looking film on top. If you live in a soft water area, every two or three months will do.</p>`,
};

const faq: CorpusPage = {
  url: "https://appliancehelp.example.invalid/kettles/descaling-faq",
  title: "Kettle Descaling FAQ: How Often, What to Use and What to Avoid",
  html: `<p>We repair and service small kitchen appliances, and limescale is behind a surprising number of the "broken" kettles that land on our bench. These are the questions customers ask us most often.</p>
<h2>How do I know my kettle needs descaling?</h2>
<p>Look inside. A white or cream-coloured crust on the base or element, a rough feel to the inner walls or white flakes in your cup all mean it's time. Other signs are a kettle that's louder than it used to be, takes noticeably longer to boil, or switches off before the water has properly boiled. That last one happens because scale around the thermostat can confuse the automatic cut-off.</p>
<h2>How often should I descale my kettle?</h2>
<p>In hard water areas (above roughly 120 ppm), once every four weeks. In soft water areas, every three months is usually plenty. If the kettle is boiled ten times a day, shorten those intervals.</p>
<h2>What's the best descaler?</h2>
<p>For most kettles we recommend citric acid: roughly 25–30 g (2 tablespoons) dissolved in a litre of water; bring it to the boil and let it stand for 15 to 30 minutes. White vinegar mixed 1:1 with water works too, but it takes longer and the smell hangs around. Branded descaling sachets usually contain citric, sulfamic or lactic acid in a convenient dose, so follow the directions on the packet.</p>
<h2>Can I descale a kettle with a concealed element?</h2>
<p>Yes. Most modern electric kettles have a flat stainless steel base plate with the element hidden underneath. Scale forms on the plate rather than on an exposed coil, which makes it easier to clean. Don't pry at it with a knife; use acid and a soft cloth.</p>
<h2>Is vinegar safe in a glass kettle?</h2>
<p>Yes, glass isn't affected by vinegar or citric acid. The parts to worry about are the plastic seals and the filter. Don't leave neat vinegar in any kettle for more than a few hours, as it can degrade rubber gaskets over time.</p>
<h2>What should I never do?</h2>
<ul>
<li>Immerse the kettle body or the power base in water.</li>
<li>Use bleach, oven cleaner or drain unblocker on limescale.</li>
<li>Scrape the element or base with metal utensils or steel wool.</li>
<li>Boil the kettle dry; keep the water above the minimum mark.</li>
<li>Mix different cleaning products.</li>
</ul>
<h2>How do I clean the limescale filter?</h2>
<p>Most kettles have a removable mesh filter in the spout. Slide it out, soak it in a cup of neat vinegar or strong citric acid solution for 30 minutes and scrub gently with an old toothbrush. If the mesh is torn, replacement filters are inexpensive and usually sold by the manufacturer.</p>
<h2>Will descaling fix a kettle that won't switch off?</h2>
<p>Often, yes. If scale covers the thermostat or the steam channel, a thorough descale usually restores a normal switch-off. If the problem continues after two descaling cycles, the thermostat may need replacing. Because a kettle runs at mains voltage, that's a job for a qualified technician, not a weekend project.</p>
<h2>Is limescale bad for my health?</h2>
<p>No. Calcium and magnesium are minerals we take in from food anyway. Descaling is about taste, efficiency and the lifespan of the kettle, not about safety.</p>`,
};

const article: CorpusPage = {
  url: "https://www.ourarticle.example.invalid/how-to-descale-a-kettle",
  title: "How to Descale a Kettle: Vinegar, Citric Acid and Lemon Methods",
  html: `<p>A kettle that boils hard water every day gathers limescale surprisingly quickly. Left alone, the scale slows boiling, flakes into your drinks and can shorten the life of the appliance. The fix is cheap and takes less than an hour: a mild acid, some heat and a thorough rinse. Below are three proven methods, how often to use them and how to stop the scale coming back.</p>
<h2>Why limescale forms</h2>
<p>Hard water carries dissolved calcium and magnesium. When it's heated, calcium bicarbonate turns into calcium carbonate, which doesn't dissolve and settles on the base and walls of the kettle. Water above 120 mg/L (ppm) counts as hard and above 180 mg/L as very hard, and in those areas visible scale can appear within two or three weeks.</p>
<h2>Method 1: descale a kettle with vinegar</h2>
<ol>
<li>Fill the kettle halfway with a 1:1 mixture of white vinegar and water.</li>
<li>Bring it to the boil, then switch off.</li>
<li>Leave the solution to work for 30–60 minutes, or overnight for stubborn scale.</li>
<li>Empty it, wipe the inside with a soft sponge and rinse.</li>
<li>Boil fresh water twice and pour it away to remove the smell.</li>
</ol>
<p>Use distilled white vinegar with 5% acidity. It's effective and sold everywhere, but it's the slowest and smelliest of the three options.</p>
<h2>Method 2: descale with citric acid</h2>
<ol>
<li>Dissolve 1–2 tablespoons (15–30 g) of citric acid powder in 1 litre of water in the kettle.</li>
<li>Boil it and leave it for 15–20 minutes.</li>
<li>Pour the solution out; most of the scale will already have dissolved.</li>
<li>Rinse, then boil one kettle of clean water and discard it.</li>
</ol>
<p>Citric acid is odourless, quick and the active ingredient in many commercial descalers. In side-by-side tests it usually removes more scale in less time than vinegar does.</p>
<h2>Method 3: lemon juice</h2>
<p>Squeeze one or two lemons into a half-full kettle, add the squeezed halves, boil and leave it for an hour. Lemon juice is only about 5% citric acid, so it suits light, regular maintenance better than thick deposits.</p>
<h3>What about baking soda?</h3>
<p>Baking soda is alkaline and won't dissolve limescale effectively. It's useful for freshening a kettle that smells stale, not for descaling one.</p>
<h2>How often to descale a kettle</h2>
<ul>
<li><strong>Very hard water (above 180 ppm):</strong> every 4 weeks</li>
<li><strong>Hard water (121–180 ppm):</strong> every 4–6 weeks</li>
<li><strong>Moderately hard or soft water:</strong> every 2–3 months</li>
</ul>
<p>If the kettle becomes noisy, takes longer to boil or switches off too early, descale it whatever the schedule says.</p>
<h2>Cleaning the filter and the outside</h2>
<p>Take the mesh filter out of the spout, soak it in vinegar or citric acid solution for 30 minutes, then brush it with an old toothbrush. Wipe the outside with a damp cloth; a little diluted vinegar lifts water marks from stainless steel.</p>
<h2>Safety checklist</h2>
<ul>
<li>Unplug electric kettles before emptying, wiping or descaling them.</li>
<li>Never immerse the kettle or its base in water.</li>
<li>Don't use steel wool, bleach or oven cleaner.</li>
<li>Take care with aluminium kettles: use a weak acid solution and limit contact to 15 minutes.</li>
</ul>
<h2>How to prevent limescale</h2>
<p>Empty the kettle after each use, boil only the water you need and consider a filter jug if your water is very hard. A whole-house softener, at $1,500–$3,000 installed, only pays off if scale is damaging other appliances as well. With a monthly descale, even a kettle in the hardest water area will stay clean and boil quickly for years.</p>`,
};

export const TOPIC: CorpusTopic = {
  language: "en",
  keyword: "how to descale a kettle",
  sources: [vinegarSteps, citricTest, hardWater, naturalWays, faq],
  article,
};
