// Quickstart: generate an image, wait for it, and handle the failures worth handling.
// Run with an API key in MEDIAGEN_API_KEY (and MEDIAGEN_BASE_URL to point at a local mock).
import { createClient, InsufficientCreditsError, RateLimitError, ValidationError } from '@mediagen/client';
import { schemaValidator } from '@mediagen/client/validation';

// The key and the base URL come from MEDIAGEN_API_KEY and MEDIAGEN_BASE_URL when not passed.
const client = createClient({
  // Optional: check requests against the contract before they are sent.
  validator: schemaValidator(),
  onWarning: (warning) => console.warn(`[${warning.code}] ${warning.message}`),
});

async function main(): Promise<void> {
  const styles = await client.resources.styles({ type: 'flux' });
  console.log(`${styles.length} Flux styles (of ${styles.pagination?.total ?? styles.length})`);

  const estimate = await client.generations.estimate({ model: 'JuggernautXL', prompt: 'a lighthouse at dusk', aspect_ratio: '16:9' });
  console.log(`costs ${estimate.estimated} credits; balance ${estimate.balance}`);

  const { generation_id } = await client.generations.create({
    model: 'JuggernautXL',
    prompt: 'a lighthouse at dusk',
    aspect_ratio: '16:9',
    batch_size: 2,
  });
  const outcome = await client.waitForGeneration(generation_id, {
    intervalMs: 2_000,
    timeoutMs: 5 * 60_000,
    onProgress: ({ done, total }) => console.log(`${done}/${total} media finished`),
  });
  for (const media of outcome.succeeded) console.log(`ready: ${media.url}`);
  if (!outcome.ok) console.warn(`${outcome.failed.length} media failed: ${outcome.failed.map((m) => m.id).join(', ')}`);

  for await (const generation of client.generations.iterate({ status: 'success', page_size: 50 })) {
    console.log(generation.generation_id, new Date(generation.created_at * 1000).toISOString());
  }
}

main().catch((error: unknown) => {
  if (error instanceof ValidationError && error.local) console.error(error.message);
  else if (error instanceof InsufficientCreditsError) console.error('Not enough credits:', error.serverMessage);
  else if (error instanceof RateLimitError) console.error(`Rate limited; retry in ${error.retryAfterMs ?? 'a few'} ms`);
  else console.error(error);
  process.exitCode = 1;
});
