import type { Config } from "../config";

/** The article's address in the public read API: absolute when PUBLIC_BASE_URL is set. */
export function publicArticleUrl(config: Pick<Config, "publicBaseUrl">, articleId: number): string {
  return `${config.publicBaseUrl ?? ""}/api/v1/public/articles/${articleId}`;
}
