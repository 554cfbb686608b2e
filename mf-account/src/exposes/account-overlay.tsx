import '../styles.css';

export default function AccountOverlay() {
  return <div data-remote="account">AccountOverlay</div>;
}
