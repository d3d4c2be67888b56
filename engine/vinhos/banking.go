package vinhos

import (
	"fmt"
	"strconv"

	"github.com/adega-bot/adega/engine"
)

// The R10 Bank action and divesting (RESERVE-2010.md §7.7), on the rules
// of the account in bank.go.

// bankOp is the Bank operation whose amount is being chosen.
type bankOp uint8

const (
	bankChoose bankOp = iota
	bankWithdraw
	bankDeposit
)

// bankStep: withdraw, deposit or invest, as many times as the player
// likes and in any order, at least once [T]. Withdrawing and depositing
// ask the amount next, so that a whole withdrawal is two answers.
func (s *walker) bankStep() step {
	seat := s.work.seat
	p := &s.Seats[seat]
	run := &s.work.run
	switch run.op {
	case bankWithdraw:
		return s.amountStep("How many Bagos do you withdraw from your account?", p.Bank.Account, p.Bank.OverdraftVP, func(s *walker, n int) {
			p := &s.Seats[seat]
			before := p.Bank.Account
			lost, _ := p.Bank.Withdraw(n) // the step offers only what the account holds
			p.Money += n
			s.say(seat, func() string {
				return fmt.Sprintf("%s withdraws %s from the bank account (%d → %d).", p.Name, bagos(n), before, p.Bank.Account)
			})
			s.overdraft(seat, lost)
		})
	case bankDeposit:
		return s.amountStep("How many Bagos do you deposit into your account?", min(p.Money, R10AccountMax-p.Bank.Account), noVP, func(s *walker, n int) {
			p := &s.Seats[seat]
			before := p.Bank.Account
			_ = p.Bank.Deposit(n) // the step offers only what the account takes
			p.Money -= n
			s.say(seat, func() string {
				return fmt.Sprintf("%s deposits %s into the bank account (%d → %d).", p.Name, bagos(n), before, p.Bank.Account)
			})
		})
	}
	st := step{Name: "bank", Prompt: "Withdraw, deposit or invest? (As often as you like, in any order.)", Opts: s.bankDone()}
	if p.Bank.Account > 0 {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "withdraw", Label: fmt.Sprintf("Withdraw Bagos (the account holds %d)", p.Bank.Account)},
			Do: func(s *walker) { s.work.run.op = bankWithdraw }})
	} else if s.Explaining {
		s.refuse("withdraw", "Your account is empty.")
	}
	if p.Money > 0 && p.Bank.Account < R10AccountMax {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: "deposit", Label: fmt.Sprintf("Deposit Bagos (you hold %d in cash)", p.Money)},
			Do: func(s *walker) { s.work.run.op = bankDeposit }})
	} else if s.Explaining {
		s.refuse("deposit", "You need cash, and room in the account (it stops at %d).", R10AccountMax)
	}
	if price, ok := s.InvestPrice(seat); ok && price.Affordable {
		bar, cost := &s.data.Reserve.Investment, price.Bagos
		st.Opts = append(st.Opts, option{
			Choice: engine.Choice{ID: "invest", Label: fmt.Sprintf("Invest: %+d → %+d, %s from the account%s", p.Bank.Invest, p.Bank.Invest+1, bagos(cost), emptying(p.Bank.OverdraftVP(cost)))},
			Do: func(s *walker) {
				p := &s.Seats[seat]
				lost, _ := p.Bank.InvestStep(bar) // offered only when the account pays it
				s.say(seat, func() string {
					return fmt.Sprintf("%s invests %s from the bank account: investment %+d, account %d.", p.Name, bagos(cost), p.Bank.Invest, p.Bank.Account)
				})
				s.overdraft(seat, lost)
				s.work.run.done++
			},
		})
	} else if s.Explaining {
		s.refuse("invest", "%s", s.investRefusal(p))
	}
	return st
}

// bankDone offers to end the Bank action once something was done.
func (s *walker) bankDone() []option {
	if s.work.run.done == 0 {
		return s.EmptyOptions()
	}
	return append(s.EmptyOptions(), doneOption("Done at the bank", func(s *walker) { s.endRun() }))
}

// amountStep asks for an amount from 1 to most, which do applies, each
// labelled with the VP it loses (vpLost); the Bank action then goes on.
func (s *walker) amountStep(prompt string, most int, vpLost func(n int) int, do func(s *walker, n int)) step {
	st := step{Name: "amount", Prompt: prompt, Opts: s.EmptyOptions()}
	for n := 1; n <= most; n++ {
		st.Opts = append(st.Opts, option{Choice: engine.Choice{ID: strconv.Itoa(n), Label: bagos(n) + emptying(vpLost(n))}, Do: func(s *walker) {
			do(s, n)
			s.work.run.op = bankChoose
			s.work.run.done++
		}})
	}
	return st
}

// noVP is what an amount paid into the account loses: nothing.
func noVP(int) int { return 0 }

// emptying says, after a payment's label, the VP it loses by emptying the
// account; nothing if it loses none.
func emptying(vp int) string {
	if vp == 0 {
		return ""
	}
	return fmt.Sprintf(", emptying the account: −%d VP", vp)
}

func (s *State) investRefusal(p *Player) string {
	if p.Bank.Invest >= R10InvestMax {
		return fmt.Sprintf("Your investment is at %+d, the most.", R10InvestMax)
	}
	return fmt.Sprintf("Investing from %+d costs %s from the account, which holds %d.", p.Bank.Invest, bagos(s.data.Reserve.Investment.InvestCost(p.Bank.Invest)), p.Bank.Account)
}

// overdraft takes the VP lost when the account entered its "−2 VP" space.
func (s *walker) overdraft(seat engine.Seat, lost int) {
	if lost == 0 {
		return
	}
	s.score(seat, SourceBank, -lost)
	s.say(seat, func() string {
		return fmt.Sprintf("%s's account reaches the \"−%d VP\" space: %s loses %d VP.", s.Seats[seat].Name, lost, s.Seats[seat].Name, lost)
	})
}

// divestOptions appends the R10 divestment, allowed at any time (§7.7):
// the Investment marker one space left for cash.
func (s *walker) divestOptions(opts []option, seat engine.Seat) []option {
	p := &s.Seats[seat]
	if !s.rules().bank || p.Bank.Invest <= R10InvestMin || !s.inOrder(rankDivest) {
		return opts
	}
	bar := &s.data.Reserve.Investment
	cash := bar.DivestProceeds(p.Bank.Invest)
	// Risky: the step it returns to may still offer no way on.
	return append(opts, option{
		Choice: engine.Choice{ID: "divest", Label: fmt.Sprintf("Divest: investment %+d → %+d, +%s in cash", p.Bank.Invest, p.Bank.Invest-1, bagos(cash))},
		Risky:  true,
		Do: func(s *walker) {
			s.ranked(rankDivest)
			p := &s.Seats[seat]
			_, _ = p.Bank.Divest(bar) // offered only above the bar's least
			p.Money += cash
			s.say(seat, func() string {
				return fmt.Sprintf("%s divests (investment %+d) and receives %s.", p.Name, p.Bank.Invest, bagos(cash))
			})
		},
	})
}
