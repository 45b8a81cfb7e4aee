// A fixed corpus of three top pages.
export const SOURCES = [
  {
    text: "Sourdough starter needs flour and water. Feed the starter daily.",
    headings: ["What is a sourdough starter", "How to feed a sourdough starter", "Storing bread"],
  },
  {
    text: "A healthy starter needs regular feeding with flour. Bake bread with the starter.",
    headings: ["Feeding your starter", "Bread history", "Baking tips"],
  },
  {
    text: "Hydration matters: water and flour in equal weight. Bread bakes best hot.",
    headings: ["Sourdough starter basics", "Tips for baking"],
  },
];
