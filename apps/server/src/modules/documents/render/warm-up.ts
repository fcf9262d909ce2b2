import { exampleBoundLicense, exampleLicense, type DocumentType } from '@lizenzportal/domain';
import type { DocumentRenderer, RenderTask } from './document-renderer.ts';
import { exampleOffer } from './offer-document.ts';

const UNBOUND = exampleLicense();

const BOUND = exampleBoundLicense();

/** A document of every kind (the type insists on each), made from example data. */
function warmUpTasks(createdAt: Date): { [Kind in DocumentType]: Extract<RenderTask, { kind: Kind }> } {
  return {
    starter: { kind: 'starter', license: UNBOUND, createdAt },
    license: { kind: 'license', license: BOUND, createdAt },
    offer: { kind: 'offer', offer: exampleOffer(createdAt), createdAt },
  };
}

/**
 * Renders a document of each kind and drops them: the first document of a thread costs ten times
 * the next (parsing the font tables, compiling the code, laying out the fixed texts), and so it
 * is paid when the thread starts, not by a customer's document.
 */
export async function warmUp(renderer: DocumentRenderer): Promise<void> {
  for (const task of Object.values(warmUpTasks(new Date()))) await renderer.render(task);
}
