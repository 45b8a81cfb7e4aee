-- Full-text index over article title and the text of the HTML (articles.content_text).
-- A standalone FTS5 table keyed by the article id, kept in step by triggers. The indexed text
-- is folded for Turkish: unicode61 does not map the dotless ı / dotted İ to i, so both are
-- replaced here and in every query (src/articles/search-query.ts) alike.
CREATE VIRTUAL TABLE `articles_fts` USING fts5(
  title,
  body,
  tokenize = 'unicode61 remove_diacritics 2'
);
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_insert` AFTER INSERT ON `articles` BEGIN
  INSERT INTO articles_fts (rowid, title, body)
  VALUES (
    new.id,
    replace(replace(new.title, 'ı', 'i'), 'İ', 'i'),
    replace(replace(new.content_text, 'ı', 'i'), 'İ', 'i')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_update` AFTER UPDATE OF title, content_text ON `articles` BEGIN
  DELETE FROM articles_fts WHERE rowid = old.id;
  INSERT INTO articles_fts (rowid, title, body)
  VALUES (
    new.id,
    replace(replace(new.title, 'ı', 'i'), 'İ', 'i'),
    replace(replace(new.content_text, 'ı', 'i'), 'İ', 'i')
  );
END;
--> statement-breakpoint
CREATE TRIGGER `articles_fts_after_delete` AFTER DELETE ON `articles` BEGIN
  DELETE FROM articles_fts WHERE rowid = old.id;
END;
