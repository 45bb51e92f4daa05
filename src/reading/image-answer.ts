/**
 * Whether a tool's description says it answers a picture of something rather than the thing:
 * `render_chapter_page` "Render a page as a PNG image", `export_frame` "Export a frame as an
 * image", `get_image` "Get images for nodes". Part of the answer kind reading (`answer-kind.ts`),
 * which answers such a tool as a screenshot.
 */
import type { ToolDefinition } from '../domain/registry.js';

/** "Render/export … as a (PNG) image": an `export … as a tar archive` answers no picture. */
const rendersAs = /\b(render|export|rasteri[sz]e)s?\b[^.]*\bas (an? )?((png|jpe?g|svg|bitmap) )?(image|picture|png|jpe?g)\b/i;
/** "Get images for nodes", "Designer Tool - Get image preview from url": a sentence (or what follows a title) opens on the image it gets. */
const getsImage = /(^|[.:\u2013-]\s+)(get|fetch|retrieve)s? (an? |the )?(images?|thumbnails?)( preview)? (for|of|from)\b/i;

/** Whether the description says the tool answers an image it renders; an output schema answers data instead. */
export function answersImage(tool: Pick<ToolDefinition, 'description' | 'outputSchema'>): boolean {
  if (tool.outputSchema) return false;
  const description = tool.description ?? '';
  return rendersAs.test(description) || getsImage.test(description.trim());
}
