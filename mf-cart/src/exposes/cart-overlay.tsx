import '../styles.css';

export default function CartOverlay() {
  return <div data-remote="cart">CartOverlay</div>;
}
