import '../styles.css';
import { useStore } from '@nanostores/react';
import { $overlays, closeOverlay, type ExposeComponent } from '@prepper/shared';
import { Dialog } from '@prepper/shared/ui';
import { SearchPanel } from '../features/search/components/search-panel';
import { texts } from '../texts';

/**
 * The search overlay: a panel that opens while `$overlays.search` is
 * true, searching the live catalogue. Takes no props; mount it inside a router.
 */
function SearchOverlay() {
  const { search: open } = useStore($overlays);
  const close = () => closeOverlay('search');
  return (
    <Dialog open={open} onClose={close} label={texts.dialogLabel} variant="panel">
      <SearchPanel onClose={close} />
    </Dialog>
  );
}

export default SearchOverlay satisfies ExposeComponent<'search', 'SearchOverlay'>;
