package vinhos

import "testing"

// RESERVE-2010.md §21 example 14, "Bank": Yellow withdraws 3 (account 11 →
// 8, 3 Bagos in cash), invests from −1 to 0 for 3 (8 → 5) and from 0 to +1
// for 2 (5 → 3); Orange deposits 5 (19 → 24), and the account takes no
// more.
func TestExampleBankAction(t *testing.T) {
	bar := DefaultData().Reserve.Investment
	yellow := Bank{Account: 11, Invest: -1}
	if lost, err := yellow.Withdraw(3); err != nil || lost != 0 || yellow.Account != 8 {
		t.Fatalf("withdrawing 3: account %d, VP lost %d, %v", yellow.Account, lost, err)
	}
	for _, want := range []Bank{{5, 0}, {3, 1}} {
		if lost, err := yellow.InvestStep(&bar); err != nil || lost != 0 || yellow != want {
			t.Fatalf("investing: %+v, VP lost %d, %v; want %+v", yellow, lost, err, want)
		}
	}
	orange := Bank{Account: 19, Invest: 1}
	if err := orange.Deposit(5); err != nil || orange.Account != 24 {
		t.Fatalf("depositing 5: account %d, %v", orange.Account, err)
	}
	if err := orange.Deposit(1); err == nil || orange.Account != 24 {
		t.Fatalf("a deposit past 24: account %d, %v", orange.Account, err)
	}
}

// Example 15, "Divest": Purple divests four times, from +3 to −1, and
// receives 11 Bagos in cash; her account does not move. Divesting stops at
// −2.
func TestExampleDivest(t *testing.T) {
	bar := DefaultData().Reserve.Investment
	purple := Bank{Account: 7, Invest: 3}
	cash := 0
	for range 4 {
		got, err := purple.Divest(&bar)
		if err != nil {
			t.Fatal(err)
		}
		cash += got
	}
	if cash != 11 || purple != (Bank{7, -1}) {
		t.Fatalf("divesting four times: %d Bagos, bank %+v; want 11 and {7 -1}", cash, purple)
	}
	purple.Divest(&bar)
	if _, err := purple.Divest(&bar); err == nil || purple.Invest != R10InvestMin {
		t.Fatalf("divesting below −2: %+v, %v", purple, err)
	}
}

// Example 19, "Interest": Purple at +1 earns 1 in her account; Blue at 0
// pays nothing; Orange at −2 with 1 Bago pays it, reaches the "−2 VP"
// space and loses 2 VP, and must discard a Winery for the rest.
func TestExampleInterest(t *testing.T) {
	bar := DefaultData().Reserve.Investment
	for name, c := range map[string]struct {
		bank, after Bank
		want        Upkeep
	}{
		"Purple": {Bank{5, 1}, Bank{6, 1}, Upkeep{Interest: 1}},
		"Blue":   {Bank{5, 0}, Bank{5, 0}, Upkeep{}},
		"Orange": {Bank{1, -2}, Bank{0, -2}, Upkeep{Interest: -1, VPLost: 2, Unpaid: true}},
	} {
		if got := c.bank.Maintain(&bar, 0); got != c.want || c.bank != c.after {
			t.Errorf("%s: %+v, bank %+v; want %+v, bank %+v", name, got, c.bank, c.want, c.after)
		}
	}
}

// Example 20, "Salaries": Blue has 3 Enologists and 2 Bagos in the account:
// he pays 2, reaches the "−2 VP" space and loses 2 VP, and fires the
// Enologist he cannot pay. Orange, already on that space, loses nothing
// more.
func TestExampleSalaries(t *testing.T) {
	bar := DefaultData().Reserve.Investment
	blue := Bank{Account: 2, Invest: 0}
	if got := blue.Maintain(&bar, 3); got != (Upkeep{Salaries: 2, VPLost: 2, Fired: 1}) || blue.Account != 0 {
		t.Errorf("Blue: %+v, account %d", got, blue.Account)
	}
	orange := Bank{Account: 0, Invest: 0}
	if got := orange.Maintain(&bar, 0); got != (Upkeep{}) {
		t.Errorf("Orange: %+v", got)
	}
	if _, err := orange.Withdraw(1); err == nil {
		t.Error("an empty account gave cash")
	}
}

// The account never goes past 24: a sale or interest beyond it is lost.
func TestBankAccountStopsAt24(t *testing.T) {
	b := Bank{Account: 20, Invest: 3}
	b.Receive(7)
	if b.Account != R10AccountMax {
		t.Errorf("account %d after receiving 7 at 20", b.Account)
	}
	bar := DefaultData().Reserve.Investment
	if u := b.Maintain(&bar, 0); u.Interest != 0 || b.Account != R10AccountMax {
		t.Errorf("interest at 24: %+v, account %d", u, b.Account)
	}
	if _, err := b.InvestStep(&bar); err == nil {
		t.Error("invested past +3")
	}
}

// An investment that takes the account's last Bagos moves its marker onto
// the "−2" space, which costs 2 VP however it is reached (V1 L755, L1095;
// RULINGS "The −2 VP space"): investing from 0 to +1 costs 2 of an account
// of 2.
func TestInvestingOntoTheMinusTwoSpaceCosts2VP(t *testing.T) {
	bar := DefaultData().Reserve.Investment
	b := Bank{Account: 2, Invest: 0}
	if lost, err := b.InvestStep(&bar); err != nil || lost != R10OverdraftVP || b != (Bank{0, 1}) {
		t.Errorf("investing the last 2 Bagos: %+v, VP lost %d, %v; want the −2 space and %d VP", b, lost, err, R10OverdraftVP)
	}
}
