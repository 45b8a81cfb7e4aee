import { registerCategoryRoutes } from "./routes/categories";
import { registerCommentRoutes } from "./routes/comments";
import { newBlogAdminRouter } from "./routes/common";
import { registerMediaRoutes } from "./routes/media";
import { registerPageRoutes } from "./routes/pages";
import { registerSettingsRoutes } from "./routes/settings";
import { registerTagRoutes } from "./routes/tags";

/** The twelve live blog administration routes: each a pass-through to the site's WordPress. */
export const blogAdminRoutes = newBlogAdminRouter();
registerCategoryRoutes(blogAdminRoutes);
registerTagRoutes(blogAdminRoutes);
registerCommentRoutes(blogAdminRoutes);
registerPageRoutes(blogAdminRoutes);
registerMediaRoutes(blogAdminRoutes);
registerSettingsRoutes(blogAdminRoutes);
