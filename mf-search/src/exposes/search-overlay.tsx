import '../styles.css';

export default function SearchOverlay() {
  return <div data-remote="search">SearchOverlay</div>;
}
