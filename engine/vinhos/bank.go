package vinhos

import "github.com/adega-bot/adega/engine"

// Bank is a player's Banco do Vinho in the 2010 Reserve (RESERVE-2010.md
// §7.7, §11): the account, whose 0 is the "−2 VP" space, and the position
// of the Investment marker. Its methods are the rules of the account; what
// they cost in cash, VP, Wineries or Enologists is for the caller to apply.
type Bank struct {
	Account int `json:"account"`
	Invest  int `json:"invest"`
}

// NewBank is the bank a player starts with [T]: 5 in the account,
// investment +1.
func NewBank() Bank { return Bank{Account: R10AccountStart, Invest: R10InvestStart} }

// Withdraw takes n from the account as cash. The marker may not leave the
// "−2 VP" space downwards, so an empty account refuses; entering it costs
// R10OverdraftVP, which Withdraw returns.
func (b *Bank) Withdraw(n int) (vpLost int, err error) {
	if n < 1 || n > b.Account {
		return 0, engine.Errorf(engine.CodeIllegal, "The account holds %d Bagos; you cannot withdraw %d.", b.Account, n)
	}
	return b.debit(n), nil
}

// Deposit puts n Bagos of cash into the account, which holds at most
// R10AccountMax.
func (b *Bank) Deposit(n int) error {
	if n < 1 || b.Account+n > R10AccountMax {
		return engine.Errorf(engine.CodeIllegal, "The account holds %d Bagos and takes at most %d; you cannot deposit %d.", b.Account, R10AccountMax, n)
	}
	b.Account += n
	return nil
}

// InvestStep moves the Investment marker one space right, paying the step's
// cost from the account (never from cash); it returns the VP lost if the
// payment empties the account.
func (b *Bank) InvestStep(bar *InvestmentBar) (vpLost int, err error) {
	if b.Invest >= R10InvestMax {
		return 0, engine.Errorf(engine.CodeIllegal, "Your investment is at +%d, the most.", R10InvestMax)
	}
	cost := bar.InvestCost(b.Invest)
	if cost > b.Account {
		return 0, engine.Errorf(engine.CodeIllegal, "Investing from %+d costs %d, and the account holds %d.", b.Invest, cost, b.Account)
	}
	b.Invest++
	return b.debit(cost), nil
}

// Divest moves the Investment marker one space left, at any time, and
// returns the cash it yields; the account does not move.
func (b *Bank) Divest(bar *InvestmentBar) (cash int, err error) {
	if b.Invest <= R10InvestMin {
		return 0, engine.Errorf(engine.CodeIllegal, "Your investment is at %d, the least; there is nothing left to divest.", R10InvestMin)
	}
	cash = bar.DivestProceeds(b.Invest)
	b.Invest--
	return cash, nil
}

// Receive adds n to the account (a sale, positive interest). The account
// stops at R10AccountMax: the surplus is lost [T].
func (b *Bank) Receive(n int) {
	b.Account = min(R10AccountMax, b.Account+n)
}

// Charge pays up to n from the account, never from cash (interest,
// salaries): as much as it holds. It returns what it paid and the VP lost
// by entering the "−2 VP" space, which happens once per entry: a marker
// already there pays nothing and loses nothing more.
func (b *Bank) Charge(n int) (paid, vpLost int) {
	paid = min(n, b.Account)
	if paid == 0 {
		return 0, 0
	}
	return paid, b.debit(paid)
}

// OverdraftVP is the VP a payment of n from the account loses: entering
// the "−2 VP" space, where n empties it.
func (b *Bank) OverdraftVP(n int) int {
	if n > 0 && n == b.Account {
		return R10OverdraftVP
	}
	return 0
}

// debit takes n the account holds, and returns the VP lost if it empties.
func (b *Bank) debit(n int) (vpLost int) {
	vpLost = b.OverdraftVP(n)
	b.Account -= n
	return vpLost
}

// Upkeep is what a Maintenance costs a player (§11).
type Upkeep struct {
	// Interest is what the account received (positive) or paid (negative).
	Interest int
	// Salaries is what the account paid the Enologists.
	Salaries int
	// VPLost is the VP lost entering the "−2 VP" space.
	VPLost int
	// Unpaid is set when the interest was not paid in full: the player
	// discards a Winery, or a Vineyard if they have none.
	Unpaid bool
	// Fired counts the Enologists the account could not pay.
	Fired int
}

// Maintain applies a Maintenance to the bank of a player with enologists
// Enologists: the interest of the Investment marker's position first, then
// a Bago a salary. Positive interest goes to the account, never to cash;
// unpaid interest and salaries are not owed later.
func (b *Bank) Maintain(bar *InvestmentBar, enologists int) Upkeep {
	var u Upkeep
	switch interest := bar.InterestAt(b.Invest); {
	case interest > 0:
		before := b.Account
		b.Receive(interest)
		u.Interest = b.Account - before
	case interest < 0:
		paid, lost := b.Charge(-interest)
		u.Interest, u.VPLost, u.Unpaid = -paid, lost, paid < -interest
	}
	paid, lost := b.Charge(enologists * R10EnologistSalary)
	u.Salaries, u.VPLost = paid, u.VPLost+lost
	u.Fired = enologists - paid/R10EnologistSalary
	return u
}
