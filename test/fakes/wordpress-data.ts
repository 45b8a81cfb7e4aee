/** In-memory content of the fake WordPress; shapes follow the wp/v2 objects a real 6.1 returns. */

export interface FakePost {
  id: number;
  type: "post" | "page";
  title: string;
  content: string;
  excerpt: string;
  slug: string;
  status: "publish" | "draft" | "pending" | "private" | "future";
  dateGmt: string;
  modifiedGmt: string;
  categories: number[];
  tags: number[];
  featuredMedia: number;
  /** Post meta written through REST: only the connector plugin's keys, and only while it is installed. */
  meta?: Record<string, string>;
  /** Former slugs (`_wp_old_slug`): the connector plugin reports them as `content_autopilot_old_slugs`. */
  oldSlugs?: string[];
}

export interface FakeTerm {
  id: number;
  taxonomy: "category" | "post_tag";
  name: string;
  slug: string;
  description: string;
  parent: number;
  count: number;
}

export interface FakeComment {
  id: number;
  post: number;
  parent: number;
  authorName: string;
  content: string;
  dateGmt: string;
  status: "approved" | "hold" | "spam" | "trash";
}

export interface FakeMedia {
  id: number;
  title: string;
  fileName: string;
  mimeType: string;
  altText: string;
  bytes: number;
  dateGmt: string;
  /** The post the file is attached to (`post` in the REST API; 0 or absent: none). */
  post?: number;
}

export interface FakeContent {
  posts: FakePost[];
  terms: FakeTerm[];
  comments: FakeComment[];
  media: FakeMedia[];
  settings: { title: string; description: string; timezone: string; language: string };
  nextId: number;
  /** The connector plugin (wordpress/content-autopilot-connector), when installed and active. */
  connector: { version: string; seoPlugin: "yoast" | "rank-math" | "seopress" | "aioseo" | null } | null;
}

const WORDS = ["bread", "oven", "flour", "water", "salt", "yeast", "crust", "dough", "knead", "proof"];

/** `count` words of text, deterministic. */
export function words(count: number, offset = 0): string {
  return Array.from({ length: count }, (_, i) => WORDS[(i + offset) % WORDS.length]).join(" ");
}

function isoDaysAgo(days: number): string {
  return new Date(Date.UTC(2026, 10, 20) - days * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "");
}

/**
 * `postCount` published posts (ids 100…, newest first; post i has 10·(i+1) words of text inside
 * block markup, a heading and an entity), two drafts, two pages, categories, tags, comments
 * (3 approved, 2 held, 1 spam) and two media items.
 */
export function seedContent(postCount: number): FakeContent {
  const posts: FakePost[] = [];
  for (let i = 0; i < postCount; i += 1) {
    posts.push({
      id: 100 + i,
      type: "post",
      title: `Post ${i + 1} &amp; friends`,
      content: `<!-- wp:heading --><h2>Part</h2><!-- /wp:heading -->\n<!-- wp:paragraph --><p>${words(10 * (i + 1) - 1, i)}</p><!-- /wp:paragraph -->`,
      excerpt: "",
      slug: `post-${i + 1}`,
      status: "publish",
      dateGmt: isoDaysAgo(i),
      modifiedGmt: isoDaysAgo(i),
      categories: [1],
      tags: [],
      featuredMedia: 0,
    });
  }
  for (const [index, id] of [90, 91].entries()) {
    posts.push({
      id,
      type: "post",
      title: `Draft ${index + 1}`,
      content: "<p>draft</p>",
      excerpt: "",
      slug: `draft-${index + 1}`,
      status: "draft",
      dateGmt: isoDaysAgo(0),
      modifiedGmt: isoDaysAgo(0),
      categories: [1],
      tags: [],
      featuredMedia: 0,
    });
  }
  posts.push(
    {
      id: 80,
      type: "page",
      title: "About",
      content: "<p>About us.</p>",
      excerpt: "",
      slug: "about",
      status: "publish",
      dateGmt: isoDaysAgo(40),
      modifiedGmt: isoDaysAgo(40),
      categories: [],
      tags: [],
      featuredMedia: 0,
    },
    {
      id: 81,
      type: "page",
      title: "Contact",
      content: "<p>Write to us.</p>",
      excerpt: "",
      slug: "contact",
      status: "publish",
      dateGmt: isoDaysAgo(41),
      modifiedGmt: isoDaysAgo(41),
      categories: [],
      tags: [],
      featuredMedia: 0,
    },
  );
  return {
    posts,
    terms: [
      { id: 1, taxonomy: "category", name: "Uncategorized", slug: "uncategorized", description: "", parent: 0, count: postCount },
      { id: 2, taxonomy: "category", name: "News", slug: "news", description: "Announcements", parent: 0, count: 0 },
      { id: 3, taxonomy: "category", name: "Tips & Tricks", slug: "tips-tricks", description: "", parent: 0, count: 0 },
      { id: 5, taxonomy: "post_tag", name: "wordpress", slug: "wordpress", description: "", parent: 0, count: 0 },
      { id: 6, taxonomy: "post_tag", name: "php", slug: "php", description: "", parent: 0, count: 0 },
    ],
    comments: [
      { id: 1, post: 100, parent: 0, authorName: "Ada", content: "<p>Nice.</p>", dateGmt: isoDaysAgo(1), status: "approved" },
      { id: 2, post: 100, parent: 1, authorName: "Bob", content: "<p>Agreed.</p>", dateGmt: isoDaysAgo(1), status: "approved" },
      { id: 3, post: 101, parent: 0, authorName: "Cem", content: "<p>Thanks.</p>", dateGmt: isoDaysAgo(2), status: "approved" },
      { id: 4, post: 101, parent: 0, authorName: "Deniz", content: "<p>Question?</p>", dateGmt: isoDaysAgo(2), status: "hold" },
      { id: 5, post: 102, parent: 0, authorName: "Efe", content: "<p>Hmm.</p>", dateGmt: isoDaysAgo(3), status: "hold" },
      { id: 6, post: 102, parent: 0, authorName: "Spammer", content: "<p>Buy now</p>", dateGmt: isoDaysAgo(3), status: "spam" },
    ],
    media: [
      {
        id: 40,
        title: "Sunrise",
        fileName: "sunrise.jpg",
        mimeType: "image/jpeg",
        altText: "A sunrise",
        bytes: 1000,
        dateGmt: isoDaysAgo(5),
      },
      { id: 41, title: "Diagram", fileName: "diagram.png", mimeType: "image/png", altText: "", bytes: 500, dateGmt: isoDaysAgo(6) },
    ],
    settings: { title: "Fake Blog", description: "Just another fake site", timezone: "UTC", language: "en_US" },
    nextId: 1000,
    connector: null,
  };
}
