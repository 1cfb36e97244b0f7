import { FEED_MSG } from '@flaneur/schema';
import { PageHeader } from '../components/page-header';
import { FeedImports } from '../modules/feeds/components/feed-imports';
import '../components/common.css';

/** /my-properties/feeds: the agency's listing feed (« Flux d'annonces »). */
export default function FeedsPage() {
  return (
    <>
      <PageHeader title={FEED_MSG.title} />
      <div className="page">
        <FeedImports />
      </div>
    </>
  );
}
