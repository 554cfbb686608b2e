import { toast } from '@prepper/shared';
import { productTexts } from '../texts';

export function shareLinks(url: string, name: string) {
  const encodedUrl = encodeURIComponent(url);
  const encodedName = encodeURIComponent(name);
  return {
    facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodedUrl}`,
    twitter: `https://twitter.com/intent/tweet?url=${encodedUrl}&text=${encodedName}`,
    email: `mailto:?subject=${encodedName}&body=${encodedUrl}`,
  };
}

const itemClass =
  'block w-full px-4 py-2 text-left text-sm text-slate-700 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none';

/** The Share menu's items: Facebook, Twitter, Email and Copy Link (onDone closes the menu). */
export default function ShareMenuList({
  id,
  name,
  onDone,
}: {
  id: string;
  name: string;
  onDone: () => void;
}) {
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const links = shareLinks(url, name);

  async function copyLink() {
    try {
      await navigator.clipboard.writeText(window.location.href);
      toast.success(productTexts.toastLinkCopied);
    } catch (error) {
      console.error('[catalog] could not copy the link', error);
    }
    onDone();
  }

  return (
    <ul
      id={id}
      className="absolute right-0 z-20 mt-2 w-44 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
    >
      <li>
        <a href={links.facebook} target="_blank" rel="noopener noreferrer" className={itemClass}>
          {productTexts.facebook}
        </a>
      </li>
      <li>
        <a href={links.twitter} target="_blank" rel="noopener noreferrer" className={itemClass}>
          {productTexts.twitter}
        </a>
      </li>
      <li>
        <a href={links.email} className={itemClass}>
          {productTexts.email}
        </a>
      </li>
      <li>
        <button type="button" className={itemClass} onClick={() => void copyLink()}>
          {productTexts.copyLink}
        </button>
      </li>
    </ul>
  );
}
